// A flow that runs in both languages runs Bengali on the phone and English on the desktop: each language and each
// layout is covered, Bengali's longer words meet the narrow screen, and the e2e run keeps within CI's time. Tests
// in the phone and desktop projects name their language as "(EN)"/"(BN)" in the title (playwright.config.ts
// picks the pair); @exclusive specs, which set their own layout, loop over LAYOUT_RUNS.

/** The phone and desktop screens of the exclusive project's specs (the same as the phone and desktop projects). */
export const LAYOUTS = {
  phone: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1366, height: 800 } },
} as const;

export const LAYOUT_RUNS = [
  { layout: 'phone', language: 'bn' },
  { layout: 'desktop', language: 'en' },
] as const;
