import type { Announcement } from '@tessera/contract/api/content';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageUrl } from '../../../lib/image-loader';

function BannerLink({ banner, children }: { banner: Announcement; children: ReactNode }) {
  const className = 'block size-full focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-amber-300';
  if (banner.linkageType === 'route' && banner.link) {
    return (
      <Link to={banner.link} className={className} aria-label={banner.title}>
        {children}
      </Link>
    );
  }
  if (banner.linkageType === 'url' && banner.link) {
    return (
      <a href={banner.link} target="_blank" rel="noopener noreferrer" className={className} aria-label={banner.title}>
        {children}
      </a>
    );
  }
  return <div className="size-full">{children}</div>;
}

/** Home banners (announcement type B): a swipeable strip with previous/next controls and position dots. */
export function BannerCarousel({ banners, cdns }: { banners: Announcement[]; cdns: readonly string[] }) {
  const { t } = useTranslation();
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const goTo = (index: number) => {
    const count = banners.length;
    const next = (index + count) % count;
    const element = strip.current;
    element?.scrollTo({ left: next * element.clientWidth * (document.dir === 'rtl' ? -1 : 1), behavior: 'smooth' });
    setCurrent(next);
  };
  const handleScroll = () => {
    const element = strip.current;
    if (element && element.clientWidth > 0) setCurrent(Math.round(Math.abs(element.scrollLeft) / element.clientWidth));
  };
  return (
    <section aria-roledescription="carousel" aria-label={t('home.banners')} className="relative">
      <ul
        ref={strip}
        onScroll={handleScroll}
        className="flex aspect-[3/1] snap-x snap-mandatory overflow-x-auto rounded-2xl bg-slate-900 [scrollbar-width:none]"
      >
        {banners.map((banner, index) => {
          const src = imageUrl(banner.url, cdns);
          return (
            <li
              key={banner.id}
              aria-roledescription="slide"
              aria-label={t('home.banner_position', { index: index + 1, count: banners.length })}
              className="relative size-full shrink-0 snap-start"
            >
              <BannerLink banner={banner}>
                {src ? (
                  // The first banner is the likely largest paint: loaded at once (the server also preloads it from
                  // index.html), the others lazily. Its 3:1 box is reserved by the strip and by width/height.
                  <img
                    src={src}
                    alt={banner.title}
                    width={1200}
                    height={400}
                    className="size-full object-cover"
                    loading={index === 0 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : 'auto'}
                  />
                ) : (
                  <span className="grid size-full place-items-center bg-gradient-to-br from-indigo-900 to-slate-900 p-6 text-center text-xl font-bold">
                    {banner.title}
                  </span>
                )}
              </BannerLink>
            </li>
          );
        })}
      </ul>
      {banners.length > 1 && (
        <div className="absolute inset-x-0 bottom-2 flex items-center justify-center gap-2">
          <button
            type="button"
            onClick={() => goTo(current - 1)}
            aria-label={t('home.banner_previous')}
            className="grid size-8 place-items-center rounded-full bg-slate-950/70 text-slate-100"
          >
            ‹
          </button>
          {banners.map((banner, index) => (
            <span
              key={banner.id}
              aria-hidden="true"
              className={`size-2 rounded-full ${index === current ? 'bg-amber-400' : 'bg-slate-400/60'}`}
            />
          ))}
          <button
            type="button"
            onClick={() => goTo(current + 1)}
            aria-label={t('home.banner_next')}
            className="grid size-8 place-items-center rounded-full bg-slate-950/70 text-slate-100"
          >
            ›
          </button>
        </div>
      )}
    </section>
  );
}
