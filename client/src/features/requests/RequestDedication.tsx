import { useId, useLayoutEffect, useRef, useState } from 'react';

/**
 * A request's dedication, at most three lines until the musician asks for the rest: a 2,000-
 * character one otherwise made its card taller than a tablet's screen, pushing the card's
 * buttons and the rest of the queue out of sight. The toggle appears only when lines are hidden.
 */
export function RequestDedication({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [clamped, setClamped] = useState(false);

  // Measured, not guessed from the length: how many lines a text takes depends on the width.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setClamped(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <>
      <p
        id={id}
        ref={ref}
        className={expanded ? 'request-dedication' : 'request-dedication dedication-clamped'}
      >
        “{text}”
      </p>
      {(clamped || expanded) && (
        <button
          type="button"
          className="link-button dedication-toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </>
  );
}
