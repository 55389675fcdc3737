/**
 * The site carousel (SITE-02: one slide, dots; SITE-09: 300 ms), home's lead: each slide is a story
 * with a large picture, its topic, headline, summary and byline. One slide shows at a time
 * (CAROUSEL_SLIDES); the dots are buttons 'Show slide N', the current one with aria-current. The
 * slide moves with a CAROUSEL_SPEED_MS transform transition (none when the reader prefers reduced
 * motion, in the page's CSS). No auto-advance: the reader moves it. Slides out of view are inert.
 * The first slide's picture is the first view's largest (priority: fetchpriority high); the others
 * load lazily.
 */
import { useId, useState, type CSSProperties } from 'react';
import { CAROUSEL_SPEED_MS, Picture } from 'shared-contracts';
import type { StreamEntry } from 'shared-contracts/discovery';
import { bylineText } from '../article/headline';
import { EntryLink } from './StreamEntryCard';

export interface CarouselProps {
  entries: readonly StreamEntry[];
  /** Names the carousel region. */
  label: string;
}

/** How wide a slide's picture shows: about 60% of the page from 1024 px, the whole width below. */
export const LEAD_SIZES = '(min-width: 1024px) 44rem, 100vw';

export function Carousel({ entries, label }: CarouselProps) {
  const [index, setIndex] = useState(0);
  const id = useId();
  if (entries.length === 0) return null;
  const current = Math.min(index, entries.length - 1);
  const trackStyle = {
    '--carousel-speed': `${CAROUSEL_SPEED_MS}ms`,
    transform: `translateX(-${current * 100}%)`,
  } as CSSProperties;

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={label} data-carousel-slide={current + 1}>
      <div className="carousel-viewport">
        <div className="carousel-track" id={`${id}-track`} style={trackStyle}>
          {entries.map((entry, i) => {
            const byline = bylineText(entry.author.map((a) => a.name));
            return (
              <div
                key={entry.id}
                className={entry.image ? 'carousel-slide' : 'carousel-slide carousel-slide--text'}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${entries.length}`}
                aria-hidden={i !== current}
                inert={i !== current}
              >
                {entry.image && <Picture image={entry.image} alt="" sizes={LEAD_SIZES} priority={i === 0} className="carousel-image" />}
                <div className="carousel-text">
                  <p className="eyebrow">{entry.category.term}</p>
                  <h2 className="carousel-title">
                    <EntryLink to={entry.url}>{entry.title}</EntryLink>
                  </h2>
                  <p className="carousel-summary">{entry.summary}</p>
                  {byline && <p className="byline">{byline}</p>}
                </div>
              </div>
            );
          })}
        </div>
      </div>
      {entries.length > 1 && (
        <div className="carousel-dots" role="group" aria-label="Choose a slide">
          {entries.map((entry, i) => (
            <button
              key={entry.id}
              type="button"
              className="carousel-dot"
              aria-label={`Show slide ${i + 1}`}
              aria-controls={`${id}-track`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
