import { useEffect, useState } from "react";

export interface MenuSection {
  /** the id of the section's heading: the link's target */
  id: string;
  label: string;
}

/** Below the console's sticky top bar (64 px) and a little air: a heading above this line has been reached. */
const REACHED_PX = 96;

/**
 * The section the reader is in, by scrolling: the last heading that reached the top; at the end of the page the
 * section named by the address (#id) if any, else the last one. Null before hydration, so the plain anchors
 * carry no stale mark.
 */
function useCurrentSection(ids: readonly string[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  const key = ids.join(" ");
  useEffect(() => {
    const list = key.split(" ");
    let frame = 0;
    const measure = () => {
      frame = 0;
      const headings = list
        .map((id) => document.getElementById(id))
        .filter((el): el is HTMLElement => el !== null);
      if (headings.length === 0) return;
      const atEnd =
        window.innerHeight + window.scrollY >=
        document.documentElement.scrollHeight - 2;
      const hash = decodeURIComponent(window.location.hash.slice(1));
      if (atEnd && window.scrollY > 0) {
        setCurrent(
          list.includes(hash) ? hash : headings[headings.length - 1]!.id
        );
        return;
      }
      let reached = headings[0]!.id;
      for (const heading of headings)
        if (heading.getBoundingClientRect().top <= REACHED_PX)
          reached = heading.id;
      setCurrent(reached);
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    window.addEventListener("hashchange", schedule);
    return () => {
      if (frame) window.cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      window.removeEventListener("hashchange", schedule);
    };
  }, [key]);
  return current;
}

function Links({
  sections,
  current,
  onPick,
}: {
  sections: readonly MenuSection[];
  current: string | null;
  onPick?: () => void;
}) {
  return (
    <ul className="space-y-1 text-sm">
      {sections.map((section) => {
        const active = section.id === current;
        return (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              aria-current={active ? "location" : undefined}
              onClick={onPick}
              className={`block rounded-md border-l-4 px-3 py-1.5 underline-offset-2 hover:underline ${
                active
                  ? "border-brand-pink bg-brand-pink/10 font-semibold text-brand-dark"
                  : "border-transparent text-gray-700"
              }`}
            >
              {section.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The in-page navigation of a long console page (issue 14): plain anchor links to each section's heading, so
 * it works without JavaScript; a list that stays in view beside the page from 1024 px on, a disclosure above
 * the sections on phones; with JavaScript the section in view is marked (aria-current).
 * Place it first in a `lg:grid-cols-[minmax(0,1fr)_13rem]` grid: it moves to the second column itself.
 */
export function SectionMenu({
  sections,
  label,
  summary,
}: {
  sections: readonly MenuSection[];
  label: string;
  summary: string;
}) {
  const current = useCurrentSection(sections.map((s) => s.id));
  const [open, setOpen] = useState(false);
  return (
    <nav
      aria-label={label}
      className="mb-6 lg:col-start-2 lg:row-start-1 lg:mb-0"
    >
      <details
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        className="rounded-lg bg-white shadow-sm lg:hidden"
      >
        <summary className="cursor-pointer px-4 py-3 font-medium">
          {summary}
        </summary>
        <div className="px-2 pb-3">
          <Links
            sections={sections}
            current={current}
            onPick={() => setOpen(false)}
          />
        </div>
      </details>
      <div className="sticky top-20 hidden rounded-lg bg-white p-3 shadow-sm lg:block">
        <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-gray-600">
          {label}
        </p>
        <Links sections={sections} current={current} />
      </div>
    </nav>
  );
}
