import zlib from 'node:zlib';

/**
 * Brotli for answers compressed as they are sent (API answers, pages): quality 4 of 11 compresses about as well as
 * gzip at a fraction of the higher qualities' CPU, which a busy server pays on every answer. The site's built files
 * are compressed once at build time at the highest quality instead (apps/web/vite.config.ts, web-app.ts).
 */
export const ON_THE_FLY_BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
