import { useId, useState } from 'react';
import Cropper from 'react-easy-crop';
import { css } from '../../styled-system/css';
import { CROP_ZOOM } from '../../edge/features/images/constants.ts';
import { snapZoom, type CropArea } from '../lib/image-upload.ts';

// The cropper proper (react-easy-crop, MIT): loaded only when a crop dialog opens (image-upload-dialog.tsx imports
// this file lazily), so its code is in no page's first load.

const stageClass = css({
  position: 'relative',
  width: 'full',
  height: { base: '64', sm: '80' },
  borderRadius: 'l2',
  overflow: 'hidden',
  bg: 'bg.muted',
});
const zoomClass = css({ display: 'flex', flexDirection: 'column', gap: '1', mt: '4' });
const zoomRowClass = css({ display: 'flex', alignItems: 'center', gap: '3' });
const rangeClass = css({ flex: '1', minHeight: 'touch', accentColor: 'accent.default', cursor: 'pointer' });
const labelClass = css({ fontWeight: 'semibold', textStyle: 'sm' });
const valueClass = css({ fontVariantNumeric: 'tabular-nums', minWidth: '10', textAlign: 'end', textStyle: 'sm' });
const hintClass = css({ color: 'fg.muted', textStyle: 'sm' });

export interface ImageCropperProps {
  /** Object URL of the chosen file. */
  src: string;
  /** The square crop in the image's own pixels, whenever it settles. */
  onCropArea: (area: CropArea) => void;
}

/**
 * A square crop (001 s5): drag or use the arrow keys on the picture to move it; zoom 1 to 3 in steps of 0.1 with the
 * slider (arrow keys, Page Up/Down, Home/End), the mouse wheel or a pinch.
 */
export default function ImageCropper({ src, onCropArea }: ImageCropperProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(CROP_ZOOM.min);
  const sliderId = useId();
  const hintId = useId();
  return (
    <div>
      <div className={stageClass}>
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          minZoom={CROP_ZOOM.min}
          maxZoom={CROP_ZOOM.max}
          showGrid={false}
          keyboardStep={10}
          onCropChange={setCrop}
          onZoomChange={(next) => setZoom(snapZoom(next, CROP_ZOOM.min, CROP_ZOOM.max, CROP_ZOOM.step))}
          onCropComplete={(_area, pixels) => onCropArea(pixels)}
          mediaProps={{ alt: '' }}
          cropperProps={{
            role: 'group',
            'aria-label': 'Crop area: use the arrow keys to move the picture',
            'aria-describedby': hintId,
          }}
        />
      </div>
      <div className={zoomClass}>
        <div className={zoomRowClass}>
          <label htmlFor={sliderId} className={labelClass}>
            Zoom
          </label>
          <input
            id={sliderId}
            className={rangeClass}
            type="range"
            min={CROP_ZOOM.min}
            max={CROP_ZOOM.max}
            step={CROP_ZOOM.step}
            value={zoom}
            aria-valuetext={`${zoom.toFixed(1)} times`}
            onChange={(event) => setZoom(snapZoom(Number(event.target.value)))}
          />
          <output htmlFor={sliderId} className={valueClass}>
            {zoom.toFixed(1)}×
          </output>
        </div>
        <p id={hintId} className={hintClass}>
          The square is what is saved. Drag the picture or use the arrow keys to frame it.
        </p>
      </div>
    </div>
  );
}
