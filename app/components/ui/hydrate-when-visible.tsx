import { Suspense, use, useContext, useEffect, useRef, useState, type ComponentType } from "react";
// The one exception to local/public-apis-only, until issue 26 removes this gate.
// eslint-disable-next-line local/public-apis-only
import { UNSAFE_DataRouterContext, useLocation } from "react-router";

/**
 * A part of a page whose code loads when it comes near the viewport, or when she first reaches
 * for it, not with the page (decision 019). The server renders it as usual; in the browser its server HTML stays as it is,
 * readable, and its links and forms working as plain HTML, until it is about to be seen: then its
 * code loads and React hydrates it in place. React keeps a Suspense boundary's server HTML until
 * what suspended it resolves, so nothing flashes, and an input keeps what was typed in it before
 * (React does not overwrite a value it finds already changed when it hydrates).
 *
 * What triggers the code: half a screen's height before the part scrolls into view (or, for a
 * part that is on the first screen and needs no code to be read, `until: "used"`: the pointer
 * over it or a finger on it), focus moving into it, or any update React must apply inside it (a language switch, a navigation): after the
 * page's first render it loads at once. On a client-side navigation the route loads it with its
 * data (`preload()` in a `clientLoader`), so the page never renders without it. If it cannot be
 * fetched while the part waits for a first look, the part stays plain server HTML.
 *
 * One gate per part: use each part once on a page.
 */
export function hydrateWhenVisible<Props extends object>(
  /** Names the part's frame in the page (`data-part`), the same on the server and in the browser. */
  name: string,
  importer: () => Promise<ComponentType<Props>>,
  { until = "seen" }: { until?: "seen" | "used" } = {},
) {
  type Tracked = Promise<ComponentType<Props>> & {
    status?: "fulfilled";
    value?: ComponentType<Props>;
  };
  let loading: Tracked | undefined;
  // The status fields are the ones `use()` reads: a part whose code is here renders at once.
  const load = (): Tracked => {
    if (loading) return loading;
    const promise: Tracked = importer().then(
      (component) => {
        promise.status = "fulfilled";
        promise.value = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined; // tried again on the next trigger
        throw error;
      },
    );
    return (loading = promise);
  };

  let reveal = () => {};
  const seen = new Promise<void>((resolve) => (reveal = resolve));
  // Waits for a first look; a part that cannot be fetched then stays as the server sent it.
  const firstLook = seen.then(() => load().catch(() => new Promise<never>(() => {})));

  // The server renders the part into the page's HTML: its code is there before a request is.
  if (import.meta.env.SSR) void load();

  // A click on one of the part's buttons before its code is here would be lost: React drops an
  // event it cannot hand to a part not yet hydrated, and a button does nothing by itself (links,
  // fields and submit buttons keep their native behaviour). Such a click is held back and made
  // again, once, when the part is hydrated.
  let hydrated = false;
  const missedClicks: HTMLElement[] = [];
  // Listened to on the window from before React hydrates the page, in the capture phase: ahead of
  // React, so whether React could have handled it never has to be guessed.
  if (!import.meta.env.SSR) {
    window.addEventListener(
      "click",
      (event) => {
        if (hydrated) return;
        const button = (event.target as Element | null)?.closest?.('button[type="button"]');
        if (!(button instanceof HTMLElement) || !button.closest(`[data-part="${name}"]`)) return;
        event.stopPropagation();
        missedClicks.push(button);
        reveal();
      },
      true,
    );
  }

  // Renders at once when the code is here (a client-side navigation loaded it with the data).
  function Part(props: Props) {
    const Component = use(loading?.status === "fulfilled" ? loading : firstLook);
    useEffect(() => {
      hydrated = true;
      // Once React has finished committing the part and attached its handlers.
      setTimeout(() => {
        for (const button of missedClicks.splice(0)) button.click();
      });
    }, []);
    return <Component {...props} />;
  }

  function HydrateWhenVisible(props: Props) {
    const frame = useRef<HTMLDivElement>(null);
    // After a navigation (a section link, a language) or with new data, React must hydrate the
    // part to update it, and the update waits for its code: that cannot wait for a scroll.
    // (The router re-renders the page once after hydrating, with nothing changed: not a reason.)
    const { key } = useLocation();
    const [hydratedWith] = useState({ key, props });
    if (key !== hydratedWith.key || changed(props, hydratedWith.props)) reveal();
    // Any work of the router (a form sent by a fetcher, a revalidation) changes the contexts above
    // the part, and React will not commit that update until the part has hydrated: its code must
    // come now, or the update would wait for a scroll that may never happen. Heard from the router
    // as it starts, not read from a render: React may render only the last of quick updates, when
    // the router is idle again, and that update would then wait for the part forever.
    const router = useContext(UNSAFE_DataRouterContext)?.router;
    useEffect(
      () =>
        router?.subscribe((state) => {
          const busy = state.navigation.state !== "idle" || state.revalidation !== "idle";
          if (busy || state.fetchers.size > 0) reveal();
        }),
      [router],
    );
    useEffect(() => {
      const element = frame.current;
      if (!element || hydrated) return;
      const events = until === "used" ? ["focusin", "pointerover", "touchstart"] : ["focusin"];
      for (const event of events) element.addEventListener(event, reveal, { passive: true });
      const observer =
        until === "seen"
          ? new IntersectionObserver(
              (entries) => {
                if (entries.some((entry) => entry.isIntersecting)) reveal();
              },
              { rootMargin: "0px 0px 50% 0px" },
            )
          : undefined;
      observer?.observe(element);
      void seen.then(() => observer?.disconnect());
      return () => {
        observer?.disconnect();
        for (const event of events) element.removeEventListener(event, reveal);
      };
    }, []);
    return (
      <div ref={frame} data-part={name}>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </div>
    );
  }

  return Object.assign(HydrateWhenVisible, { preload: load });
}

function changed(props: object, before: object) {
  const entries = Object.entries(props);
  return (
    entries.length !== Object.keys(before).length ||
    entries.some(([name, value]) => (before as Record<string, unknown>)[name] !== value)
  );
}
