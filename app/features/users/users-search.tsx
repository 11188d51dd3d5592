import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Select } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { roles, type Role } from "#app/db/roles.ts";
import { useTranslation } from "#app/i18n/translation.tsx";

/** The search over the accounts: the start of a name or address, and a role. */
export function UsersSearch({ q, role }: { q: string; role?: Role }) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search" className="flex w-full max-w-xl flex-wrap gap-2">
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor="q" className="sr-only">
          {t("admin.users.search")}
        </label>
        <Input
          id="q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={t("admin.users.searchPlaceholder")}
          className="h-11 py-0"
        />
      </div>
      <label htmlFor="role-filter" className="sr-only">
        {t("admin.users.roleFilter")}
      </label>
      <Select id="role-filter" name="role" defaultValue={role ?? ""} className="w-auto">
        <option value="">{t("admin.users.allRoles")}</option>
        {roles.map((value) => (
          <option key={value} value={value}>
            {t(`admin.users.roles.${value}`)}
          </option>
        ))}
      </Select>
      <Button type="submit" aria-label={t("admin.users.search")}>
        <Icon name="search" />
      </Button>
    </Form>
  );
}
