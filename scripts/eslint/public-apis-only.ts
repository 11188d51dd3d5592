import type { Rule } from "eslint";
import type { Node } from "estree";

/**
 * `local/public-apis-only`: code here uses only a dependency's public API (docs/decisions/031).
 * A private member, an `UNSAFE_` export or a protocol spoken by hand works until the
 * dependency's next patch release, and nobody reading the call can tell.
 *
 * Without type information a rule cannot tell whose member `x._y` is, so it refuses every
 * underscore-prefixed member: our own code keeps its private state in `#private` fields, which
 * this rule does not touch.
 */

/** PostgreSQL's wire protocol, spoken by hand: PGlite's raw entry points and pg's encoder. */
const protocolMembers = /^execProtocol(Raw|Stream)?$/;
const protocolPackages = /^pg-protocol(\/|$)/;

const rule: Rule.RuleModule = {
  meta: {
    type: "problem",
    docs: {
      description:
        "Only public APIs of dependencies: no UNSAFE_ export, private member or hand-made protocol.",
    },
    messages: {
      unsafeExport:
        "`{{name}}` is a dependency's UNSAFE_ export: use its public API (docs/decisions/031).",
      privateMember:
        "`{{name}}` is a private member: use a public API (our own private state: a #field).",
      protocol:
        "`{{name}}` speaks PostgreSQL's wire protocol by hand: go through the driver's query API.",
    },
    schema: [],
  },
  create(context) {
    function checkName(node: Node, name: string) {
      if (name.startsWith("UNSAFE_")) {
        context.report({ node, messageId: "unsafeExport", data: { name } });
      }
    }
    const memberName = (property: Node) =>
      property.type === "Identifier"
        ? property.name
        : property.type === "Literal" && typeof property.value === "string"
          ? property.value
          : undefined;
    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (protocolPackages.test(source)) {
          context.report({ node, messageId: "protocol", data: { name: source } });
        }
      },
      ImportSpecifier(node) {
        const imported = node.imported;
        checkName(node, imported.type === "Identifier" ? imported.name : String(imported.value));
      },
      ExportSpecifier(node) {
        const local = node.local;
        checkName(node, local.type === "Identifier" ? local.name : String(local.value));
      },
      MemberExpression(node) {
        const name = memberName(node.property);
        if (name === undefined || node.property.type === "PrivateIdentifier") return;
        if (name.startsWith("UNSAFE_")) checkName(node.property, name);
        else if (/^_[^_]/.test(name) || name === "_") {
          context.report({ node: node.property, messageId: "privateMember", data: { name } });
        } else if (protocolMembers.test(name)) {
          context.report({ node: node.property, messageId: "protocol", data: { name } });
        }
      },
    };
  },
};

export default { rules: { "public-apis-only": rule } };
