const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * The image type by its first bytes (spec §5: png or jpg only). The declared content type and the file name
 * are the sender's claim and are ignored: a GIF, an SVG or a script named `x.png` is refused here.
 */
export function detectImageType(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length > JPEG_SIGNATURE.length && bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE))
    return 'image/jpeg';
  return null;
}
