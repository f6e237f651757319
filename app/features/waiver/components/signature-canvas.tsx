import SignaturePad from 'signature_pad';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { css } from '../../../../styled-system/css';
import { Button } from '../../../ui/button.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';

/** The drawing surface of 000 s2: 600x200 CSS pixels at most, scaled down on narrow screens at the same 3:1 ratio. */
export const SIGNATURE_WIDTH = 600;
export const SIGNATURE_HEIGHT = 200;
/** Sharp on high-DPI screens without exporting images larger than the server accepts (2000x1000). */
const MAX_PIXEL_RATIO = 3;

export interface SignatureCanvasHandle {
  isEmpty(): boolean;
  /** The drawing as a PNG data URL, or null when nothing is drawn. */
  toPng(): string | null;
  clear(): void;
  focus(): void;
}

export interface SignatureCanvasProps {
  /** The group's accessible name, e.g. "Your signature". */
  label: string;
  /** Called when the drawing becomes empty or non-empty. */
  onChange?: (hasSignature: boolean) => void;
  disabled?: boolean;
  /**
   * The name the signer typed. Drawing needs a pointer, so keyboard and switch users (and anyone who prefers it)
   * adopt this name as their signature instead: it is rendered onto the pad and stored as the same PNG.
   */
  typedName?: string;
  ref?: Ref<SignatureCanvasHandle>;
}

const groupClass = css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: '0' });
const labelClass = css({ fontWeight: 'semibold', textStyle: 'sm' });
const hintClass = css({ color: 'fg.muted', textStyle: 'sm' });
const frameClass = css({
  width: 'full',
  // 600 CSS px of drawing surface plus the 2px border on each side.
  maxWidth: '[604px]',
  borderWidth: '2px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
  borderRadius: 'l2',
  // Paper stays white in both colour schemes so the black ink reads and the stored image prints as signed.
  background: 'white',
  color: 'black',
  overflow: 'hidden',
  _focusWithin: { borderColor: 'focusRing', borderStyle: 'solid' },
});
const canvasClass = css({
  display: 'block',
  width: 'full',
  height: 'auto',
  aspectRatio: '[3/1]',
  touchAction: 'none',
  cursor: 'crosshair',
  _focusVisible: { outline: 'none' },
});
const rowClass = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
const stateClass = css({ color: 'fg.muted', textStyle: 'sm' });

/** Script faces most systems have, then the generic cursive family. */
const TYPED_FONT = '"Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", cursive';
const TYPED_MAX_PX = 64;
const TYPED_MIN_PX = 16;

/** The typed name as a PNG the size of the canvas' backing store, centred, shrunk until it fits 90% of the width. */
function renderTypedName(canvas: HTMLCanvasElement, name: string, color: string, ratio: number): string {
  const cssWidth = canvas.width / ratio;
  const cssHeight = canvas.height / ratio;
  const paper = document.createElement('canvas');
  paper.width = canvas.width;
  paper.height = canvas.height;
  const ctx = paper.getContext('2d');
  if (!ctx) return paper.toDataURL('image/png');
  ctx.scale(ratio, ratio);
  let size = TYPED_MAX_PX;
  for (; size > TYPED_MIN_PX; size -= 2) {
    ctx.font = `italic ${size}px ${TYPED_FONT}`;
    if (ctx.measureText(name).width <= cssWidth * 0.9) break;
  }
  ctx.font = `italic ${size}px ${TYPED_FONT}`;
  ctx.fillStyle = color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, cssWidth / 2, cssHeight / 2, cssWidth * 0.95);
  return paper.toDataURL('image/png');
}

/**
 * A signature drawn with mouse, finger or stylus, on signature_pad (smooth variable-width strokes, pointer events,
 * PNG export). The canvas keeps its backing store at the device pixel ratio so strokes stay crisp, and keeps the
 * drawing when the screen rotates or resizes.
 */
export function SignatureCanvas({ label, onChange, disabled, typedName, ref }: SignatureCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  /** The adopted typed name while it is what the pad shows (it has no strokes to redraw after a resize). */
  const typedRef = useRef<string | null>(null);
  const [hasSignature, setHasSignature] = useState(false);
  const id = useId();

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, {
      penColor: getComputedStyle(canvas).color || 'black',
      minWidth: 0.8,
      maxWidth: 2.6,
    });
    padRef.current = pad;
    const report = () => {
      const has = !pad.isEmpty();
      setHasSignature(has);
      onChangeRef.current?.(has);
    };
    pad.addEventListener('endStroke', report);
    // Drawing replaces an adopted typed name rather than scribbling over its image.
    const beginStroke = () => {
      if (typedRef.current === null) return;
      typedRef.current = null;
      pad.clear();
    };
    pad.addEventListener('beginStroke', beginStroke);

    // Size the backing store to the element at the device pixel ratio, then redraw the strokes already made.
    const resize = () => {
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_PIXEL_RATIO);
      const width = Math.round(canvas.offsetWidth * ratio);
      const height = Math.round(canvas.offsetHeight * ratio);
      if (!width || !height || (canvas.width === width && canvas.height === height)) return;
      const strokes = pad.toData();
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length) pad.fromData(strokes);
      else if (typedRef.current !== null) void drawTyped(pad, canvas, typedRef.current);
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', report);
      pad.removeEventListener('beginStroke', beginStroke);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    typedRef.current = null;
    padRef.current?.clear();
    setHasSignature(false);
    onChangeRef.current?.(false);
  };

  const name = typedName?.trim() ?? '';
  const adoptTypedName = async () => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas || !name) return;
    typedRef.current = name;
    await drawTyped(pad, canvas, name);
    setHasSignature(true);
    onChangeRef.current?.(true);
  };

  useImperativeHandle(ref, () => ({
    isEmpty: () => padRef.current?.isEmpty() ?? true,
    toPng: () => (padRef.current && !padRef.current.isEmpty() ? padRef.current.toDataURL('image/png') : null),
    clear,
    focus: () => canvasRef.current?.focus(),
  }));

  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`} className={groupClass}>
      <span id={`${id}-label`} className={labelClass}>
        {label}
      </span>
      <span id={`${id}-hint`} className={hintClass}>
        {typedName !== undefined
          ? 'Draw your signature with a mouse, finger or stylus, or sign with the typed name'
          : 'Draw your signature with a mouse, finger or stylus'}
      </span>
      <div className={frameClass}>
        <canvas
          ref={canvasRef}
          className={canvasClass}
          role="img"
          // Focus target for 'Signature Required' (drawing itself needs a pointer).
          tabIndex={-1}
          aria-label={hasSignature ? `${label}: signature captured` : `${label}: signature pad, empty`}
          width={SIGNATURE_WIDTH}
          height={SIGNATURE_HEIGHT}
        />
      </div>
      <div className={rowClass}>
        <Button variant="outline" size="sm" onClick={clear} disabled={disabled || !hasSignature}>
          Clear
          <VisuallyHidden> {label.toLowerCase()}</VisuallyHidden>
        </Button>
        {typedName !== undefined ? (
          <Button variant="outline" size="sm" onClick={() => void adoptTypedName()} disabled={disabled || !name}>
            Sign with typed name
            <VisuallyHidden>{name ? ` ${name} as ${label.toLowerCase()}` : ` (type a name first)`}</VisuallyHidden>
          </Button>
        ) : null}
        <span role="status" className={stateClass}>
          {hasSignature ? 'Signature captured' : 'No signature yet'}
        </span>
      </div>
    </div>
  );
}

/** Puts a typed name on the pad as an image; signature_pad then reports it non-empty and exports it as drawn. */
function drawTyped(pad: SignaturePad, canvas: HTMLCanvasElement, name: string): Promise<void> {
  const ratio = canvas.offsetWidth > 0 ? canvas.width / canvas.offsetWidth : 1;
  const color = getComputedStyle(canvas).color || 'black';
  pad.clear();
  return pad.fromDataURL(renderTypedName(canvas, name, color, ratio), {
    ratio,
    width: canvas.width / ratio,
    height: canvas.height / ratio,
  });
}
