import { Avatar, Col, Flex, Row, Typography } from 'antd';
import { testimonials } from '../content';
import styles from '../Home.module.css';
import { Panel } from './Panel';
import { SectionHeader } from './SectionHeader';

const initials = (name: string): string =>
  name
    .replace(/^Dr\.\s+/, '')
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2);

export function Testimonials() {
  return (
    <section id="customers" className={styles.section}>
      <div className={styles.inner}>
        <SectionHeader eyebrow="Customers" title="Trusted by the people who sign the certificates" />
        <Row gutter={[24, 24]}>
          {testimonials.map((t) => (
            <Col key={t.name} xs={24} md={8}>
              <Panel className={styles.quoteCard} borderless>
                <figure style={{ margin: 0 }}>
                  <div className={styles.quoteMark} aria-hidden="true">
                    “
                  </div>
                  <blockquote className={styles.quoteText} style={{ margin: '12px 0 24px' }}>
                    {t.quote}
                  </blockquote>
                  <Flex component="figcaption" align="center" gap={12}>
                    <Avatar style={{ background: 'var(--brand-primary)', flex: 'none' }}>
                      {initials(t.name)}
                    </Avatar>
                    <div>
                      <Typography.Text strong>{t.name}</Typography.Text>
                      <br />
                      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                        {t.role}, {t.organisation}
                      </Typography.Text>
                    </div>
                  </Flex>
                </figure>
              </Panel>
            </Col>
          ))}
        </Row>
      </div>
    </section>
  );
}
