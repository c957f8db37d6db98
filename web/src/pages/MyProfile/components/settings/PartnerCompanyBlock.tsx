import { Button, Card, Col, Flex, Form, Input, Row, Typography } from 'antd';
import { MAX_PARTNER_SIGNATORIES, partnerCompanyUpdate } from '@proofmark/shared/contract/profile';
import type { PartnerSignatory, ProfileData } from '@proofmark/shared/contract/profile';
import { useSettingsBlock } from './blockForm';
import { CardBlockForm } from './BlockForm';

interface Values {
  signatories: PartnerSignatory[];
}

const empty: PartnerSignatory = {
  signaturename: '',
  designername: '',
  partnercompanyname: '',
  displayname: '',
};
const fields: { name: keyof PartnerSignatory; label: string }[] = [
  { name: 'signaturename', label: 'Signature name' },
  { name: 'designername', label: 'Designer name' },
  { name: 'partnercompanyname', label: 'Partner company name' },
  { name: 'displayname', label: 'Display name' },
];

/** The partner company's signatories printed on certificates: one to three sets. */
export function PartnerCompanyBlock({
  profile,
  readOnlyNote,
}: {
  profile: ProfileData;
  readOnlyNote?: string;
}) {
  const block = useSettingsBlock<Values>('partnercompanyinformation', partnerCompanyUpdate);
  const readOnly = readOnlyNote !== undefined;
  const saved = profile.partnercompany?.signatories ?? [];
  return (
    <CardBlockForm
      title="Partner company"
      description={`Signatories of a partner company shown on certificates — up to ${MAX_PARTNER_SIGNATORIES}.`}
      readOnlyNote={readOnlyNote}
      block={block}
      initialValues={{ signatories: saved.length > 0 ? saved : [empty] }}
      footer={<div style={{ height: 12 }} />}
    >
      <Form.List name="signatories">
        {(items, { add, remove }) => (
          <Flex vertical gap={12}>
            {items.map((item, index) => (
              <Card
                key={item.key}
                size="small"
                type="inner"
                title={<Typography.Text strong>Signatory {index + 1}</Typography.Text>}
                extra={
                  items.length > 1 && !readOnly ? (
                    <Button type="link" size="small" danger onClick={() => remove(item.name)}>
                      Remove
                    </Button>
                  ) : null
                }
              >
                <Row gutter={16}>
                  {fields.map((f) => (
                    <Col key={f.name} xs={24} md={12}>
                      <Form.Item
                        name={[item.name, f.name]}
                        label={f.label}
                        rules={block.rule(['signatories', item.name, f.name])}
                      >
                        <Input autoComplete="off" />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </Card>
            ))}
            {!readOnly && items.length < MAX_PARTNER_SIGNATORIES && (
              <Button type="dashed" onClick={() => add({ ...empty })} block>
                Add signatory
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </CardBlockForm>
  );
}
