import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Card, Col, Dropdown, Flex, Input, Row, Tooltip, Upload, message } from 'antd';
import type { Design, DesignElement } from '@proofmark/shared/designs/model';
import { pageDimensions } from '@proofmark/shared/designs/model';
import '@fontsource/cinzel/500.css';
import '@fontsource/cinzel/700.css';
import '@fontsource/eb-garamond/400.css';
import '@fontsource/eb-garamond/400-italic.css';
import '@fontsource/eb-garamond/600.css';
import '@fontsource/eb-garamond/600-italic.css';
import '@fontsource/source-sans-3/400.css';
import '@fontsource/source-sans-3/700.css';
import '@fontsource/playfair-display/400.css';
import '@fontsource/playfair-display/400-italic.css';
import '@fontsource/playfair-display/700.css';
import '@fontsource/great-vibes/400.css';
import '@fontsource/noto-sans-devanagari/400.css';
import { DesignCanvas } from './DesignCanvas';
import { PropertiesPanel, placeholderItems } from './PropertiesPanel';
import {
  addElement,
  align,
  historyOf,
  nudge,
  record,
  redo,
  removeElement,
  undo,
  updateElement,
  type Alignment,
  type History,
  type NewElement,
} from './design-edits';

/**
 * Step 2 (§2.3, personalise): the canvas editor. Loaded only on this route, and only when step 2
 * opens (React.lazy), so react-konva and the design fonts stay out of every other screen.
 * Keyboard: arrows nudge the selection by 1 mm (Shift: 10 mm), Delete removes it, Ctrl+Z / Ctrl+Y
 * (or Ctrl+Shift+Z) undo and redo, Enter edits a selected text in place.
 */

export interface DesignEditorProps {
  design: Design;
  onChange: (design: Design) => void;
  readOnly: boolean;
  openBadge: boolean;
  columns: string[];
  signatories: Array<{ name: string; role: string }>;
  images: Record<string, string>;
  logo: string | null;
  organisation: string;
  uploadImage: (dataUrl: string) => Promise<{ asset: string; url: string }>;
}

const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export default function DesignEditor(props: DesignEditorProps) {
  const { readOnly } = props;
  const [history, setHistory] = useState<History>(() => historyOf(props.design));
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [images, setImages] = useState(props.images);
  const [fontsVersion, setFontsVersion] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  const design = history.present;
  const element = design.elements.find((e) => e.id === selected);

  const onChange = props.onChange;
  useEffect(() => onChange(design), [design, onChange]);
  useEffect(() => {
    void document.fonts.ready.then(() => setFontsVersion((v) => v + 1));
  }, []);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(280, el.clientWidth)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const apply = (next: Design) => setHistory((h) => record(h, next));
  const change = (id: string, c: Partial<DesignElement>) => apply(updateElement(design, id, c));

  const add = (el: NewElement) => {
    const [next, id] = addElement(design, el);
    apply(next);
    setSelected(id);
  };
  const page = pageDimensions(design.page);
  const addText = (text: string) =>
    add({
      kind: 'text',
      x: page.width / 2 - 50,
      y: page.height / 2 - 6,
      width: 100,
      height: 12,
      rotation: 0,
      text,
      font: 'EB Garamond',
      size: 16,
      weight: 400,
      italic: false,
      colour: '#222222',
      align: 'center',
      letterSpacing: 0,
      uppercase: false,
      lineHeight: 1.25,
      fit: 'wrap',
    });

  const upload = async (file: File, as: 'image' | 'background') => {
    try {
      const { asset, url } = await props.uploadImage(await readAsDataUrl(file));
      setImages((m) => ({ ...m, [asset]: url }));
      if (as === 'background') apply({ ...design, background: { ...design.background, image: asset } });
      else add({ kind: 'image', asset, x: 20, y: 20, width: 40, height: 30, rotation: 0, fit: 'contain', opacity: 1 });
    } catch (err) {
      void message.error(err instanceof Error ? err.message : 'The image could not be uploaded.');
    }
    return false;
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (editing || (e.target as HTMLElement).closest('input, textarea, [role="combobox"]')) return;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && (e.key === 'z' || e.key === 'Z')) {
      setHistory((h) => (e.shiftKey ? redo(h) : undo(h)));
      e.preventDefault();
      return;
    }
    if (mod && e.key === 'y') {
      setHistory(redo);
      e.preventDefault();
      return;
    }
    if (!selected || readOnly) return;
    const step = e.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[e.key];
    if (move) {
      apply(nudge(design, selected, move[0], move[1]));
      e.preventDefault();
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      apply(removeElement(design, selected));
      setSelected(null);
      e.preventDefault();
    } else if (e.key === 'Enter' && element?.kind === 'text') {
      setEditing(selected);
      e.preventDefault();
    } else if (e.key === 'Escape') setSelected(null);
  };

  const k = width / page.width;
  const edited = design.elements.find((e) => e.id === editing);
  const alignments: Array<[Alignment, string]> = [
    ['left', 'Align left'],
    ['center', 'Centre horizontally'],
    ['right', 'Align right'],
    ['top', 'Align top'],
    ['middle', 'Centre vertically'],
    ['bottom', 'Align bottom'],
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={16}>
        {!readOnly && (
          <Flex gap={8} wrap style={{ marginBottom: 12 }} role="toolbar" aria-label="Design tools">
            <Button onClick={() => addText('New text')}>Add text</Button>
            <Dropdown menu={{ items: placeholderItems(props.columns), onClick: ({ key }) => addText(`{{${key}}}`) }}>
              <Button>Add field</Button>
            </Dropdown>
            <Upload accept="image/png,image/jpeg" showUploadList={false} beforeUpload={(f) => upload(f, 'image')}>
              <Button>Add image</Button>
            </Upload>
            <Upload accept="image/png,image/jpeg" showUploadList={false} beforeUpload={(f) => upload(f, 'background')}>
              <Button>Background image</Button>
            </Upload>
            <Button onClick={() => setHistory(undo)} disabled={!history.past.length}>
              Undo
            </Button>
            <Button onClick={() => setHistory(redo)} disabled={!history.future.length}>
              Redo
            </Button>
            {alignments.map(([how, label]) => (
              <Tooltip key={how} title={label}>
                <Button aria-label={label} disabled={!selected} onClick={() => selected && apply(align(design, selected, how))}>
                  {label.replace(/^(Align|Centre) /, '')}
                </Button>
              </Tooltip>
            ))}
          </Flex>
        )}
        <div
          ref={box}
          tabIndex={0}
          role="application"
          aria-label="Certificate canvas: arrows move the selection, Delete removes it, Ctrl+Z undoes"
          onKeyDown={onKeyDown}
          style={{ position: 'relative', outline: 'none' }}
        >
          <DesignCanvas
            design={design}
            width={width}
            selected={selected}
            readOnly={readOnly}
            images={images}
            logo={props.logo}
            organisation={props.organisation}
            signatories={props.signatories}
            onSelect={setSelected}
            onChange={change}
            onEditText={setEditing}
            fontsVersion={fontsVersion}
          />
          {edited?.kind === 'text' && (
            <Input.TextArea
              autoFocus
              aria-label="Edit text in place"
              defaultValue={edited.text}
              style={{
                position: 'absolute',
                left: edited.x * k,
                top: edited.y * k,
                width: Math.max(edited.width * k, 120),
                minHeight: edited.height * k,
                fontFamily: `'${edited.font}', serif`,
                fontSize: Math.max(edited.size * (25.4 / 72) * k, 12),
                textAlign: edited.align,
                color: edited.colour,
                transform: edited.rotation ? `rotate(${edited.rotation}deg)` : undefined,
              }}
              onBlur={(e) => {
                change(edited.id, { text: e.target.value });
                setEditing(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setEditing(null);
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) (e.target as HTMLTextAreaElement).blur();
              }}
            />
          )}
        </div>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small">
          <PropertiesPanel
            design={design}
            element={element}
            readOnly={readOnly}
            columns={props.columns}
            signatories={props.signatories}
            openBadge={props.openBadge}
            onElement={(c) => selected && change(selected, c)}
            onDesign={(c) => apply({ ...design, ...c })}
            onRemove={() => {
              if (!selected) return;
              apply(removeElement(design, selected));
              setSelected(null);
            }}
          />
        </Card>
      </Col>
    </Row>
  );
}
