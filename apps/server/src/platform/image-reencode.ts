import sharp, { type Metadata } from 'sharp';
import { detectImageType } from './image-type.js';

// Uploads are few and each is decoded once: libvips's operation cache would only hold memory.
sharp.cache(false);

export type ReencodeProblem = 'type' | 'dimensions' | 'unreadable';

export class ReencodeError extends Error {
  constructor(readonly problem: ReencodeProblem) {
    super(`image refused: ${problem}`);
  }
}

/**
 * The type comes from the bytes (the sender's claim is ignored); the pixel count is checked from the header before any
 * decoding, so a small file that would inflate to gigabytes is refused cheaply.
 */
async function checkedSource(bytes: Buffer, maxInputPixels: number) {
  const declared = detectImageType(bytes);
  if (!declared) throw new ReencodeError('type');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ReencodeError('unreadable');
  }
  if (`image/${metadata.format}` !== declared) throw new ReencodeError('type');
  if (!metadata.width || !metadata.height) throw new ReencodeError('unreadable');
  if (metadata.width * metadata.height > maxInputPixels) throw new ReencodeError('dimensions');
  // The orientation the camera recorded is applied first, so a portrait photo stays upright once its EXIF is dropped.
  return sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error', pages: 1 }).rotate();
}

/**
 * Decodes an uploaded PNG or JPEG and writes a new square WebP of `size` pixels from its pixels alone: EXIF (GPS
 * position, camera), ICC and XMP data are not carried over, and anything hidden after the image data is gone.
 */
export async function reencodeSquareWebp(bytes: Buffer, { size, maxInputPixels }: { size: number; maxInputPixels: number }) {
  const source = await checkedSource(bytes, maxInputPixels);
  try {
    return await source.resize(size, size, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw new ReencodeError('unreadable');
  }
}

/**
 * The same decoding and checks, written anew as WebP at each of `sides` (the longest side, never enlarged), with the
 * pixel size of each: a picture shown whole (a chat image and its thumbnail) rather than cropped.
 */
export async function reencodeWithinWebp(bytes: Buffer, { sides, maxInputPixels }: { sides: number[]; maxInputPixels: number }) {
  const source = await checkedSource(bytes, maxInputPixels);
  try {
    return await Promise.all(
      sides.map(async (side) => {
        const { data, info } = await source
          .clone()
          .resize(side, side, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        return { data, width: info.width, height: info.height };
      }),
    );
  } catch {
    throw new ReencodeError('unreadable');
  }
}
