import { imageSize } from 'image-size';
import { GIF } from 'image-size/types/gif';
import { JPG } from 'image-size/types/jpg';
import { PNG as PNG_SIGNATURE } from 'image-size/types/png';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { CAROUSEL_IMAGE_TYPES, CAROUSEL_LIMITS, CAROUSEL_MESSAGES, type TCarouselImageType } from '@keystone/contracts';

const CONTENT_TYPES: Record<TCarouselImageType, string> = { gif: 'image/gif', jpg: 'image/jpeg', png: 'image/png' };
const SIGNATURES = { gif: GIF, jpg: JPG, png: PNG_SIGNATURE } as const;

/**
 * The largest image whose data is decoded to check it (4 MP, some 16 MB of pixels): a bigger one is refused for its
 * size in pixels without decoding it, its header checked (a PNG's IHDR carries a CRC; a JPEG's frame header none).
 */
const MAX_DECODED_PIXELS = 4_000_000;

export type CarouselImageCheck =
  | { ok: true; type: TCarouselImageType; contentType: string; width: number; height: number }
  | { ok: false; status: 413 | 422; message: string };

/** The type the file's signature claims (image-size's own checks), whether or not the rest of it is sound. */
function claimedType(bytes: Uint8Array): TCarouselImageType | null {
  for (const type of CAROUSEL_IMAGE_TYPES) {
    try {
      if (SIGNATURES[type].validate(bytes)) return type;
    } catch {
      return type; // The signature matched, the header after it did not: a damaged file of that type.
    }
  }
  return null;
}

/** pngjs parses the PNG (every chunk's CRC, the zlib stream, the end): `header` once its IHDR passed, `whole` when all did. */
function parsePng(bytes: Uint8Array): Promise<{ header: boolean; whole: boolean }> {
  return new Promise((resolve) => {
    let header = false;
    const png = new PNG();
    png.on('metadata', () => (header = true));
    // A damaged file can raise more than one error: the first answers, the others are dropped.
    png.on('error', () => undefined);
    png.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), (error) =>
      resolve({ header, whole: !error }),
    );
  });
}

/**
 * Whether the file's data is a whole image: PNG and JPEG are decoded (pngjs, jpeg-js) up to MAX_DECODED_PIXELS; past
 * that a PNG's header alone is checked (its IHDR up to the CRC). GIF has no decoder here: its header is all that is read.
 */
async function soundData(type: TCarouselImageType, bytes: Uint8Array, pixels: number): Promise<boolean> {
  if (type === 'gif') return true;
  if (type === 'png') {
    if (pixels > MAX_DECODED_PIXELS) return (await parsePng(bytes.subarray(0, 33))).header;
    return (await parsePng(bytes)).whole;
  }
  try {
    jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: MAX_DECODED_PIXELS / 1_000_000,
      maxMemoryUsageInMB: 64,
    });
    return true;
  } catch (error) {
    // Too big to decode here: judged by its size in pixels.
    return error instanceof Error && /^max(ResolutionInMP|MemoryUsageInMB) limit exceeded/.test(error.message);
  }
}

/**
 * The carousel's image rules (002 §5, §9), read from the bytes themselves, never from the file name or the content
 * type the client declares: gif, jpg or png (the signature); a whole image, not a damaged or cut-off one (the data
 * decoded: "… is not a valid image", whatever size its header claims); exactly 1200x300 px; under 1,000,000 bytes.
 */
export async function checkCarouselImage(bytes: Uint8Array): Promise<CarouselImageCheck> {
  if (bytes.length >= CAROUSEL_LIMITS.maxBytesExclusive)
    return { ok: false, status: 413, message: CAROUSEL_MESSAGES.imageTooLarge };
  const type = claimedType(bytes);
  if (!type) return { ok: false, status: 422, message: CAROUSEL_MESSAGES.imageType };
  const invalid = { ok: false, status: 422, message: CAROUSEL_MESSAGES.imageInvalid(type) } as const;
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return invalid;
  }
  if (size.type !== type || !size.width || !size.height) return invalid;
  if (!(await soundData(type, bytes, size.width * size.height))) return invalid;
  if (size.width !== CAROUSEL_LIMITS.width || size.height !== CAROUSEL_LIMITS.height) {
    return { ok: false, status: 422, message: CAROUSEL_MESSAGES.imageDimensions(size.width, size.height) };
  }
  return { ok: true, type, contentType: CONTENT_TYPES[type], width: size.width, height: size.height };
}
