import { BlockOutlined, CheckCircleFilled, SafetyCertificateOutlined } from '../../../components/icons';
import { maxBatchSize } from '../content';
import styles from '../Home.module.css';

/** A drawn sample certificate with the two facts that sell it: verified, and issued in bulk. */
export function CertificatePreview() {
  return (
    <div className={styles.certStage} aria-label="Sample certificate" role="img">
      <div className={styles.certificate}>
        <div className={styles.certIssuer}>Westbrook University</div>
        <div className={styles.certTitle}>Bachelor of Science</div>
        <div className={styles.certSmall}>This is to certify that</div>
        <div className={styles.certName}>Priya Sharma</div>
        <div className={styles.certSmall}>has completed all requirements for the degree of</div>
        <div className={styles.certDegree}>B.Sc. Computer Science, First Class</div>
        <div className={styles.certFooter}>
          <div className={styles.certSignature}>
            <span className={styles.certSignatureName}>A. Menon</span>
            President
          </div>
          <div className={styles.certSeal}>
            <SafetyCertificateOutlined />
          </div>
          <div className={styles.certSignature}>
            <span className={styles.certSignatureName}>R. Dutta</span>
            Chairman
          </div>
        </div>
      </div>

      <div className={`${styles.chip} ${styles.chipBatch}`}>
        <div className={styles.chipIcon}>
          <BlockOutlined />
        </div>
        <div>
          <strong className={styles.chipTitle}>Batch anchored</strong>
          <span className={styles.chipDetail}>
            Up to {maxBatchSize.toLocaleString('en-US')} certificates, one transaction
          </span>
        </div>
      </div>

      <div className={`${styles.chip} ${styles.chipVerified}`}>
        <div className={styles.chipIcon}>
          <CheckCircleFilled />
        </div>
        <div>
          <strong className={styles.chipTitle}>Verified</strong>
          <span className={styles.chipDetail}>Authentic, not revoked</span>
        </div>
      </div>
    </div>
  );
}
