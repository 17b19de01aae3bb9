import type { Slide } from '@sideline/contract/channel';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useSlides } from '../api/get-slides';
import styles from './hero-slides.module.css';

/** Where a slide leads: its event, its pass, its own address, or the schedule for teams, schools and sports. */
export function slideHref(slide: Slide): string {
  if (slide.slidable_type === 'url' && slide.url) return slide.url;
  if (slide.slidable_type === 'event' && slide.slidable_id) return paths.watch.href(slide.slidable_id);
  if (slide.slidable_type === 'package' && slide.slidable_id) return paths.selectPackage.href(slide.slidable_id);
  return paths.upcoming.href();
}

/** The home page's featured slides: swipe or scroll on touch, previous/next buttons everywhere. No autoplay. */
export function HeroSlides() {
  const { t } = useTranslation();
  const slides = useSlides('home');
  const track = useRef<HTMLUListElement>(null);
  if (slides.length === 0) return null;

  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * el.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <section className={styles.hero} aria-roledescription="carousel" aria-label={t('home.featured')}>
      <ul ref={track} className={styles.track}>
        {slides.map((slide, index) => {
          const href = slideHref(slide);
          const image = (
            <img
              src={slide.image}
              alt={slide.subtitle ? `${slide.title}. ${slide.subtitle}` : slide.title}
              width={1600}
              height={900}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
            />
          );
          return (
            <li
              key={slide.id}
              className={styles.slide}
              aria-roledescription="slide"
              aria-label={t('home.slideOf', { index: index + 1, total: slides.length })}
            >
              {/^https?:/.test(href) ? (
                <a href={href} className={styles.link}>
                  {image}
                </a>
              ) : (
                <Link to={href} className={styles.link}>
                  {image}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      {slides.length > 1 && (
        <div className={styles.controls}>
          <button type="button" className={styles.control} onClick={() => scroll(-1)}>
            <ChevronLeftIcon />
            <span className="sr-only">{t('home.previous')}</span>
          </button>
          <button type="button" className={styles.control} onClick={() => scroll(1)}>
            <ChevronRightIcon />
            <span className="sr-only">{t('home.next')}</span>
          </button>
        </div>
      )}
    </section>
  );
}
