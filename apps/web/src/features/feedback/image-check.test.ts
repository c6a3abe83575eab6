import { describe, expect, it } from 'vitest';
import { addImages, imageProblem } from './image-check';

const file = (type: string, size: number, name = 'a.png') => new File([new Uint8Array(Math.min(size, 16))], name, { type });
const sized = (type: string, size: number) => Object.defineProperty(file(type, 1), 'size', { value: size });

describe('feedback images', () => {
  it('accepts png and jpg up to 5 MB', () => {
    expect(imageProblem(sized('image/png', 5 * 1024 * 1024))).toBeNull();
    expect(imageProblem(sized('image/jpeg', 10))).toBeNull();
  });
  it('refuses other types and larger files', () => {
    expect(imageProblem(sized('image/gif', 10))).toBe('feedback.image_type');
    expect(imageProblem(sized('image/png', 5 * 1024 * 1024 + 1))).toBe('feedback.image_too_large');
  });
  it('keeps at most three and says why the rest were left out', () => {
    const four = [1, 2, 3, 4].map(() => sized('image/png', 10));
    const result = addImages([], [...four, sized('image/webp', 10)]);
    expect(result.images).toHaveLength(3);
    expect(result.problems).toEqual(['feedback.too_many_images', 'feedback.image_type']);
  });
});
