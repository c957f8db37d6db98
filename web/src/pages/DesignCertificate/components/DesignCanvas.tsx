import { useEffect, useRef, useState } from 'react';
import type Konva from 'konva';
import { Circle, Ellipse, Group, Image as KImage, Layer, Line, Rect, Stage, Text, Transformer } from 'react-konva';
import { pageDimensions, type Design, type DesignElement } from '@proofmark/shared/designs/model';
import { clampToPage, snapped } from './design-edits';

/**
 * The design on a canvas at the page's proportions (react-konva): elements are drawn as close to
 * the renderer's output as a canvas allows (fonts, colours, frames, seals), and can be selected,
 * moved (snapping to the millimetre grid and the page's centre lines), resized and rotated. What is
 * issued is the renderer's page, which step 3 shows.
 */

const PT_TO_MM = 25.4 / 72;
/** Canvas stand-ins for the renderer's font stacks. */
const family = (font: string) => `'${font}', 'Noto Sans Devanagari', serif`;

export interface CanvasProps {
  design: Design;
  width: number;
  selected: string | null;
  readOnly: boolean;
  images: Record<string, string>;
  logo: string | null;
  organisation: string;
  signatories: Array<{ name: string; role: string }>;
  onSelect: (id: string | null) => void;
  onChange: (id: string, change: Partial<DesignElement>) => void;
  onEditText: (id: string) => void;
  /** bumped when web fonts finish loading, so texts are measured again */
  fontsVersion: number;
}

function useHtmlImage(src: string | null | undefined) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!src) return setImage(null);
    const img = new window.Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => setImage(img);
    img.src = src;
    return () => {
      img.onload = null;
    };
  }, [src]);
  return image;
}

function Picture({ src, w, h, opacity = 1 }: { src: string | null | undefined; w: number; h: number; opacity?: number }) {
  const image = useHtmlImage(src);
  if (!image) return <Rect width={w} height={h} fill="#f0f0f0" stroke="#bbbbbb" dash={[4, 4]} opacity={opacity} />;
  // contain: the whole image inside the box, centred
  const s = Math.min(w / image.width, h / image.height);
  return (
    <KImage
      image={image}
      x={(w - image.width * s) / 2}
      y={(h - image.height * s) / 2}
      width={image.width * s}
      height={image.height * s}
      opacity={opacity}
    />
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => w && !['of', 'the', 'and', 'for', 'in', 'at', '&'].includes(w.toLowerCase()))
    .slice(0, 3)
    .map((w) => w[0]?.toUpperCase())
    .join('');

/** One element's drawing in its own box (0,0)–(w,h), in canvas pixels; k = px per mm. */
function ElementShape({ el, k, props }: { el: DesignElement; k: number; props: CanvasProps }) {
  const w = el.width * k;
  const h = el.height * k;
  switch (el.kind) {
    case 'text': {
      const style = `${el.italic ? 'italic ' : ''}${el.weight >= 600 ? 'bold' : 'normal'}`;
      const size = el.size * PT_TO_MM * k;
      return (
        <Text
          width={w}
          height={h}
          text={el.uppercase ? el.text.toUpperCase() : el.text}
          fontFamily={family(el.font)}
          fontSize={size}
          fontStyle={style}
          fill={el.colour}
          align={el.align}
          verticalAlign="middle"
          lineHeight={el.lineHeight}
          letterSpacing={el.letterSpacing * size}
          wrap={el.fit === 'shrink' ? 'none' : 'word'}
          ellipsis={el.fit === 'shrink'}
          key={props.fontsVersion}
        />
      );
    }
    case 'image':
      return <Picture src={props.images[el.asset]} w={w} h={h} opacity={el.opacity} />;
    case 'logo':
      return props.logo ? (
        <Picture src={props.logo} w={w} h={h} />
      ) : (
        <Group>
          <Circle x={w / 2} y={h / 2} radius={Math.min(w, h) / 2 - 1} stroke={el.colour} strokeWidth={1} />
          <Text
            width={w}
            height={h}
            align="center"
            verticalAlign="middle"
            text={initials(props.organisation)}
            fontFamily={family('Cinzel')}
            fontStyle="bold"
            fontSize={Math.min(w, h) * 0.35}
            fill={el.colour}
          />
        </Group>
      );
    case 'signature': {
      const s = props.signatories[el.signatory];
      return (
        <Group>
          <Line points={[w * 0.07, h * 0.62, w * 0.93, h * 0.62]} stroke={el.colour} strokeWidth={0.25 * k} />
          <Text
            y={h * 0.66}
            width={w}
            align="center"
            text={s?.name ?? `Signatory ${el.signatory + 1}`}
            fontFamily={family('EB Garamond')}
            fontStyle="bold"
            fontSize={11.5 * PT_TO_MM * k}
            fill={el.colour}
          />
          <Text
            y={h * 0.84}
            width={w}
            align="center"
            text={(s?.role ?? 'Not set in Settings → partner').toUpperCase()}
            fontFamily={family('Source Sans 3')}
            fontSize={7.2 * PT_TO_MM * k}
            letterSpacing={1}
            fill="#555555"
          />
        </Group>
      );
    }
    case 'qr': {
      const side = Math.min(w, h - (el.caption ? 11 * k : 0));
      const x = (w - side) / 2;
      const cell = side / 7;
      const finder = (fx: number, fy: number) => (
        <Rect key={`${fx}-${fy}`} x={x + fx} y={fy} width={cell * 2} height={cell * 2} stroke={el.colour} strokeWidth={cell / 2} />
      );
      return (
        <Group>
          <Rect x={x} width={side} height={side} fill="#ffffff" stroke="#dddddd" />
          {finder(cell / 2, cell / 2)}
          {finder(side - cell * 2.5, cell / 2)}
          {finder(cell / 2, side - cell * 2.5)}
          <Rect x={x + side * 0.45} y={side * 0.45} width={cell} height={cell} fill={el.colour} />
          {el.caption && (
            <Text
              y={side + 1.3 * k}
              width={w}
              align="center"
              text="SCAN TO VERIFY"
              fontFamily={family('Source Sans 3')}
              fontStyle="bold"
              fontSize={6.5 * PT_TO_MM * k}
              fill={el.colour}
            />
          )}
        </Group>
      );
    }
    case 'photo':
      return (
        <Group>
          <Rect width={w} height={h} fill="#f4f4f4" stroke={el.colour} strokeWidth={0.4 * k} />
          <Text width={w} height={h} align="center" verticalAlign="middle" text="Photo" fontSize={3 * k} fill="#888888" />
        </Group>
      );
    case 'details':
      return (
        <Text
          width={w}
          height={h}
          align="center"
          verticalAlign="middle"
          text="COLUMN  value     COLUMN  value"
          fontFamily={family('Source Sans 3')}
          fontSize={9 * PT_TO_MM * k}
          fill={el.accent}
        />
      );
    case 'shape':
      if (el.shape === 'line')
        return (
          <Line points={[0, h / 2, w, h / 2]} stroke={el.stroke ?? el.fill ?? '#000000'} strokeWidth={Math.max(el.strokeWidth * k, 1)} opacity={el.opacity} />
        );
      if (el.shape === 'ellipse')
        return (
          <Ellipse x={w / 2} y={h / 2} radiusX={w / 2} radiusY={h / 2} fill={el.fill} stroke={el.stroke} strokeWidth={el.strokeWidth * k} opacity={el.opacity} />
        );
      return (
        <Rect width={w} height={h} cornerRadius={el.radius * k} fill={el.fill} stroke={el.stroke} strokeWidth={el.strokeWidth * k} opacity={el.opacity} />
      );
    case 'ornament': {
      const c = el.colour;
      const a = el.accent ?? c;
      const o = el.opacity;
      switch (el.ornament) {
        case 'guilloche-frame':
        case 'double-frame':
          return (
            <Group opacity={o}>
              <Rect x={1 * k} y={1 * k} width={w - 2 * k} height={h - 2 * k} stroke={c} strokeWidth={1.4 * k} />
              <Rect x={4 * k} y={4 * k} width={w - 8 * k} height={h - 8 * k} stroke={a} strokeWidth={0.4 * k} />
              {el.ornament === 'guilloche-frame' && (
                <Rect x={11 * k} y={11 * k} width={w - 22 * k} height={h - 22 * k} stroke={a} strokeWidth={2.2 * k} opacity={0.35} />
              )}
            </Group>
          );
        case 'corner-flourishes':
          return (
            <Group opacity={o}>
              {[
                [0, 0, 1, 1],
                [w, 0, -1, 1],
                [0, h, 1, -1],
                [w, h, -1, -1],
              ].map(([x, y, sx, sy]) => (
                <Line
                  key={`${x}-${y}`}
                  points={[x!, y! + sy! * 28 * k, x!, y!, x! + sx! * 28 * k, y!]}
                  stroke={c}
                  strokeWidth={0.8 * k}
                />
              ))}
            </Group>
          );
        case 'rosette':
          return (
            <Group opacity={o}>
              <Circle x={w / 2} y={h / 2} radius={Math.min(w, h) / 2} stroke={a} strokeWidth={0.3 * k} />
              <Circle x={w / 2} y={h / 2} radius={Math.min(w, h) / 3} stroke={c} strokeWidth={0.3 * k} />
            </Group>
          );
        case 'seal':
        case 'medal':
          return (
            <Group opacity={o}>
              <Circle x={w / 2} y={Math.min(w, h) / 2} radius={Math.min(w, h) / 2} fill={c} />
              <Circle x={w / 2} y={Math.min(w, h) / 2} radius={Math.min(w, h) * 0.4} stroke="#ffffff" strokeWidth={0.4 * k} />
            </Group>
          );
        case 'divider':
          return <Line points={[0, h / 2, w, h / 2]} stroke={c} strokeWidth={0.35 * k} opacity={o} />;
        case 'ribbon':
          return <Rect y={0} width={w} height={h * 0.72} fill={c} opacity={o} />;
        case 'laurel':
          return (
            <Group opacity={o}>
              <Ellipse x={w * 0.2} y={h * 0.55} radiusX={w * 0.12} radiusY={h * 0.35} stroke={c} strokeWidth={1 * k} />
              <Ellipse x={w * 0.8} y={h * 0.55} radiusX={w * 0.12} radiusY={h * 0.35} stroke={c} strokeWidth={1 * k} />
            </Group>
          );
      }
    }
  }
}

export function DesignCanvas(props: CanvasProps) {
  const { design, width, selected, readOnly, onSelect, onChange } = props;
  const page = pageDimensions(design.page);
  const k = width / page.width;
  const height = page.height * k;
  const nodes = useRef(new Map<string, Konva.Group>());
  const transformer = useRef<Konva.Transformer>(null);
  const background = useHtmlImage(design.background.image ? props.images[design.background.image] : null);

  useEffect(() => {
    const node = selected ? nodes.current.get(selected) : undefined;
    transformer.current?.nodes(node && !readOnly ? [node] : []);
    transformer.current?.getLayer()?.batchDraw();
  }, [selected, readOnly, design]);

  const commitBox = (el: DesignElement, node: Konva.Group) => {
    const sx = node.scaleX();
    const sy = node.scaleY();
    node.scale({ x: 1, y: 1 });
    const w = Math.max((el.width * sx * k) / k, 1);
    const h = Math.max((el.height * sy * k) / k, 1);
    const x = node.x() / k - w / 2;
    const y = node.y() / k - h / 2;
    onChange(el.id, { ...clampToPage(design, { x, y, width: w, height: h }), rotation: Math.round(node.rotation()) });
  };

  return (
    <Stage
      width={width}
      height={height}
      onMouseDown={(e) => {
        if (e.target === e.target.getStage() || e.target.name() === 'page') onSelect(null);
      }}
      style={{ boxShadow: '0 1px 6px rgba(0,0,0,0.2)', background: '#ffffff' }}
    >
      <Layer>
        <Rect name="page" width={width} height={height} fill={design.background.colour} />
        {background && <KImage name="page" image={background} width={width} height={height} />}
        {design.elements.map((el) => (
          <Group
            key={el.id}
            ref={(n) => {
              if (n) nodes.current.set(el.id, n);
              else nodes.current.delete(el.id);
            }}
            x={(el.x + el.width / 2) * k}
            y={(el.y + el.height / 2) * k}
            offsetX={(el.width * k) / 2}
            offsetY={(el.height * k) / 2}
            rotation={el.rotation}
            draggable={!readOnly}
            onMouseDown={() => onSelect(el.id)}
            onTap={() => onSelect(el.id)}
            onDblClick={() => el.kind === 'text' && !readOnly && props.onEditText(el.id)}
            onDblTap={() => el.kind === 'text' && !readOnly && props.onEditText(el.id)}
            onDragMove={(e) => {
              const node = e.target;
              const s = snapped(design, el, node.x() / k - el.width / 2, node.y() / k - el.height / 2);
              node.position({ x: (s.x + el.width / 2) * k, y: (s.y + el.height / 2) * k });
            }}
            onDragEnd={(e) => commitBox(el, e.target as unknown as Konva.Group)}
            onTransformEnd={(e) => commitBox(el, e.target as unknown as Konva.Group)}
          >
            {/* an invisible hit area: thin lines and transparent texts are easy to grab */}
            <Rect width={el.width * k} height={el.height * k} fill="rgba(0,0,0,0)" />
            <ElementShape el={el} k={k} props={props} />
          </Group>
        ))}
        <Transformer
          ref={transformer}
          rotationSnaps={[0, 90, 180, 270]}
          keepRatio={false}
          boundBoxFunc={(old, box) => (box.width < 4 || box.height < 2 ? old : box)}
        />
      </Layer>
    </Stage>
  );
}
