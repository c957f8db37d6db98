import { Col, Row, Typography } from 'antd';
import { blogTeasers } from '../content';
import styles from '../Home.module.css';
import { Panel } from './Panel';
import { SectionHeader } from './SectionHeader';

const dateText = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

/** Spec §1's blog teasers: short notes on how verifiable certificates work. */
export function BlogTeasers() {
  return (
    <section id="blog" className={`${styles.section} ${styles.sectionAlt}`}>
      <div className={styles.inner}>
        <SectionHeader eyebrow="From the blog" title="Notes on credentials that last" />
        <Row gutter={[24, 24]}>
          {blogTeasers.map((post) => (
            <Col key={post.title} xs={24} md={8}>
              <Panel className={styles.featureCard}>
                <article>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    <time dateTime={post.date}>{dateText(post.date)}</time>
                  </Typography.Text>
                  <Typography.Title level={3} style={{ fontSize: 18, margin: '8px 0' }}>
                    {post.title}
                  </Typography.Title>
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                    {post.excerpt}
                  </Typography.Paragraph>
                </article>
              </Panel>
            </Col>
          ))}
        </Row>
      </div>
    </section>
  );
}
