import { useRef } from 'react';
import { Button, ColorPicker, Dropdown, Flex, Form, Input, InputNumber, Segmented, Select, Switch, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import {
  BUILT_IN_FIELDS,
  DESIGN_FONTS,
  type Design,
  type DesignElement,
} from '@proofmark/shared/designs/model';
import { insertPlaceholder } from './design-edits';

interface PanelProps {
  design: Design;
  element: DesignElement | undefined;
  readOnly: boolean;
  columns: string[];
  signatories: Array<{ name: string; role: string }>;
  openBadge: boolean;
  onElement: (change: Partial<DesignElement>) => void;
  onDesign: (change: Partial<Design>) => void;
  onRemove: () => void;
  textRef?: React.Ref<TextAreaRef>;
}

const hex = (c: { toHexString: () => string }) => c.toHexString().slice(0, 7);

/** The menu of placeholders: the cohort's sheet columns and the built-in fields. */
export const placeholderItems = (columns: string[]) => [
  ...columns.map((c) => ({ key: c, label: `${c} (sheet column)` })),
  ...Object.entries(BUILT_IN_FIELDS).map(([key, label]) => ({ key, label })),
];

function Colour({ label, value, onChange, disabled }: { label: string; value: string; onChange: (v: string) => void; disabled: boolean }) {
  return (
    <Form.Item label={label}>
      <ColorPicker value={value} disabled={disabled} onChangeComplete={(c) => onChange(hex(c))} showText aria-label={label} />
    </Form.Item>
  );
}

/** The selected element's properties, or the page's when nothing is selected. */
export function PropertiesPanel(p: PanelProps) {
  const { element: el, readOnly: ro } = p;
  const caret = useRef<number | undefined>(undefined);
  if (!el) {
    const bg = p.design.background;
    return (
      <Form layout="vertical" size="small" disabled={ro} aria-label="Page">
        <Typography.Title level={5}>Page</Typography.Title>
        <Form.Item label="Design name">
          <Input aria-label="Design name" value={p.design.name} maxLength={100} onChange={(e) => p.onDesign({ name: e.target.value })} />
        </Form.Item>
        <Form.Item label="Page size">
          <Segmented
            options={p.openBadge ? ['Badge', 'A4', 'Letter'] : ['A4', 'Letter']}
            value={p.design.page.size}
            onChange={(size) => p.onDesign({ page: { ...p.design.page, size: size as Design['page']['size'] } })}
          />
        </Form.Item>
        <Form.Item label="Orientation">
          <Segmented
            options={[
              { label: 'Landscape', value: 'landscape' },
              { label: 'Portrait', value: 'portrait' },
            ]}
            value={p.design.page.orientation}
            onChange={(o) => p.onDesign({ page: { ...p.design.page, orientation: o as 'landscape' | 'portrait' } })}
          />
        </Form.Item>
        <Colour label="Background colour" value={bg.colour} disabled={ro} onChange={(colour) => p.onDesign({ background: { ...bg, colour } })} />
        {bg.image && (
          <Button onClick={() => p.onDesign({ background: { colour: bg.colour, ...(bg.gradient ? { gradient: bg.gradient } : {}) } })}>
            Remove background image
          </Button>
        )}
        {p.openBadge && (
          <>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              Open badge achievement
            </Typography.Title>
            <Form.Item label="Achievement name" required>
              <Input
                aria-label="Achievement name"
                value={p.design.badge?.name ?? ''}
                maxLength={200}
                onChange={(e) => p.onDesign({ badge: { description: '', criteria: '', ...p.design.badge, name: e.target.value } })}
              />
            </Form.Item>
            <Form.Item label="Description">
              <Input.TextArea
                aria-label="Description"
                value={p.design.badge?.description ?? ''}
                maxLength={2000}
                onChange={(e) => p.onDesign({ badge: { name: '', criteria: '', ...p.design.badge, description: e.target.value } })}
              />
            </Form.Item>
            <Form.Item label="Criteria">
              <Input.TextArea
                aria-label="Criteria"
                value={p.design.badge?.criteria ?? ''}
                maxLength={2000}
                onChange={(e) => p.onDesign({ badge: { name: '', description: '', ...p.design.badge, criteria: e.target.value } })}
              />
            </Form.Item>
          </>
        )}
      </Form>
    );
  }

  const num = (label: string, key: 'x' | 'y' | 'width' | 'height' | 'rotation', min: number, max: number) => (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <InputNumber
        aria-label={label}
        size="small"
        min={min}
        max={max}
        step={key === 'rotation' ? 1 : 0.5}
        value={el[key]}
        style={{ width: 84 }}
        onChange={(v) => v !== null && p.onElement({ [key]: v } as Partial<DesignElement>)}
      />
    </Form.Item>
  );

  return (
    <Form layout="vertical" size="small" disabled={ro} aria-label={`Element ${el.id}`}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {el.kind[0]!.toUpperCase() + el.kind.slice(1)} · {el.id}
        </Typography.Title>
        {!ro && (
          <Button danger size="small" onClick={p.onRemove}>
            Delete
          </Button>
        )}
      </Flex>
      <Flex gap={8} wrap style={{ marginTop: 8 }}>
        {num('X (mm)', 'x', -1, 400)}
        {num('Y (mm)', 'y', -1, 400)}
        {num('Width', 'width', 0.1, 400)}
        {num('Height', 'height', 0.1, 400)}
        {num('Rotation', 'rotation', -360, 360)}
      </Flex>
      {el.kind === 'text' && (
        <>
          <Form.Item label="Text">
            <Input.TextArea
              ref={p.textRef}
              aria-label="Text"
              value={el.text}
              autoSize={{ minRows: 2, maxRows: 6 }}
              maxLength={1000}
              onSelect={(e) => (caret.current = (e.target as HTMLTextAreaElement).selectionStart)}
              onChange={(e) => p.onElement({ text: e.target.value })}
            />
          </Form.Item>
          {!ro && (
            <Dropdown
              // Opened by a click (or Enter), not by hovering: a keyboard user reaches it too, and
              // it stays open while the cohort's columns arrive.
              trigger={['click']}
              menu={{
                items: placeholderItems(p.columns),
                onClick: ({ key }) => p.onElement({ text: insertPlaceholder(el.text, key, caret.current) }),
              }}
            >
              <Button size="small">Insert field</Button>
            </Dropdown>
          )}
          <Form.Item label="Font" style={{ marginTop: 12 }}>
            <Select
              aria-label="Font"
              value={el.font}
              options={DESIGN_FONTS.map((f) => ({ label: <span style={{ fontFamily: `'${f}'` }}>{f}</span>, value: f }))}
              onChange={(font) => p.onElement({ font })}
            />
          </Form.Item>
          <Flex gap={8} wrap>
            <Form.Item label="Size (pt)">
              <InputNumber aria-label="Size" min={4} max={200} value={el.size} onChange={(v) => v && p.onElement({ size: v })} />
            </Form.Item>
            <Form.Item label="Weight">
              <Select
                aria-label="Weight"
                style={{ width: 100 }}
                value={el.weight}
                options={[400, 500, 600, 700].map((w) => ({ label: String(w), value: w }))}
                onChange={(weight) => p.onElement({ weight })}
              />
            </Form.Item>
            <Form.Item label="Italic">
              <Switch aria-label="Italic" checked={el.italic} onChange={(italic) => p.onElement({ italic })} />
            </Form.Item>
            <Form.Item label="Capitals">
              <Switch aria-label="Capitals" checked={el.uppercase} onChange={(uppercase) => p.onElement({ uppercase })} />
            </Form.Item>
          </Flex>
          <Form.Item label="Alignment">
            <Segmented
              value={el.align}
              options={[
                { label: 'Left', value: 'left' },
                { label: 'Centre', value: 'center' },
                { label: 'Right', value: 'right' },
              ]}
              onChange={(align) => p.onElement({ align: align as 'left' | 'center' | 'right' })}
            />
          </Form.Item>
          <Form.Item label="Fit">
            <Segmented
              value={el.fit}
              options={[
                { label: 'Wrap lines', value: 'wrap' },
                { label: 'One line, shrink', value: 'shrink' },
              ]}
              onChange={(fit) => p.onElement({ fit: fit as 'wrap' | 'shrink' })}
            />
          </Form.Item>
          <Colour label="Colour" value={el.colour} disabled={ro} onChange={(colour) => p.onElement({ colour })} />
        </>
      )}
      {el.kind === 'signature' && (
        <Form.Item label="Signatory (Settings → partner)">
          <Select
            aria-label="Signatory"
            value={el.signatory}
            options={[0, 1, 2].map((i) => ({
              label: p.signatories[i] ? `${p.signatories[i]!.name} — ${p.signatories[i]!.role}` : `Signatory ${i + 1} (not set)`,
              value: i,
            }))}
            onChange={(signatory) => p.onElement({ signatory })}
          />
        </Form.Item>
      )}
      {(el.kind === 'ornament' || el.kind === 'logo' || el.kind === 'qr' || el.kind === 'signature' || el.kind === 'photo') && (
        <Colour label="Colour" value={el.colour} disabled={ro} onChange={(colour) => p.onElement({ colour })} />
      )}
      {el.kind === 'shape' && (
        <Colour label="Fill" value={el.fill ?? '#ffffff'} disabled={ro} onChange={(fill) => p.onElement({ fill })} />
      )}
    </Form>
  );
}
