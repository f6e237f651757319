import { CROP_JPEG_QUALITY } from '../../edge/features/images/constants.ts';
import { cropGeometry, type CropArea } from './image-upload.ts';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

/**
 * Draws the square crop of the picture onto a canvas and saves it as JPEG quality 0.85 (001 s5), at most
 * 1024 x 1024. The browser applies the photo's EXIF orientation when it draws, as the cropper showed it; the canvas
 * carries no metadata over (the server removes any anyway, D23).
 */
export async function cropToJpeg(src: string, area: CropArea): Promise<Blob> {
  const image = await loadImage(src);
  const { sx, sy, sw, sh, side } = cropGeometry(area, { width: image.naturalWidth, height: image.naturalHeight });
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop images');
  // JPEG has no transparency: a logo's transparent parts become white, not black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, sx, sy, sw, sh, 0, 0, side, side);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The cropped image could not be saved'))),
      'image/jpeg',
      CROP_JPEG_QUALITY,
    );
  });
}
