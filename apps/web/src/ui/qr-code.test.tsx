import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrCode, qrPath } from './qr-code';

describe('QrCode', () => {
  it('draws the modules of the address as an accessible image', () => {
    render(<QrCode text="https://play.example.test/" label="QR code of https://play.example.test/" />);
    const image = screen.getByRole('img', { name: 'QR code of https://play.example.test/' });
    expect(image.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  });

  it('grows with the data and stays square', () => {
    const short = qrPath('https://a.test/');
    const long = qrPath(`https://a.test/${'x'.repeat(120)}`);
    expect(long.size).toBeGreaterThan(short.size);
    expect(short.size % 2).toBe(1); // QR sizes are 4v+17 (odd) plus an even border
  });
});
