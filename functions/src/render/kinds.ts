// Wording and palette per certificate type (spec §1). OpenBadges are baked images, not pages,
// so they have no certificate design here.
import type { CertificateType } from '@proofmark/shared/certificate-types';

export type PrintableType = Exclude<CertificateType, 'openbadges'>;

export interface Kind {
  title: string;
  /** the line above the recipient's name */
  preamble: string;
  /** used when neither the design nor the recipient supplies a description */
  description: string;
  /** dark ink for frame and headings, and the metallic tone of rules, guilloche and seal */
  ink: string;
  metal: string;
  /** an embossed seal suits conferral documents, not administrative letters */
  seal: boolean;
}

const NAVY = '#1d2b4f';
const GOLD = '#a8843a';

export const KINDS: Record<PrintableType, Kind> = {
  degree: {
    title: 'Degree Certificate',
    preamble: 'This is to certify that',
    description: 'having fulfilled all the requirements prescribed, has been admitted to the degree.',
    ink: NAVY,
    metal: GOLD,
    seal: true,
  },
  migration: {
    title: 'Migration Certificate',
    preamble: 'This is to certify that',
    description: 'is permitted to migrate to another institution; the University has no objection.',
    ink: '#173f45',
    metal: '#8f7a45',
    seal: false,
  },
  transfer: {
    title: 'Transfer Certificate',
    preamble: 'This is to certify that',
    description:
      'was a bona fide student of this institution and has been granted transfer at their request.',
    ink: '#2e3a46',
    metal: '#8c7b55',
    seal: false,
  },
  awards: {
    title: 'Certificate of Award',
    preamble: 'This certificate is proudly presented to',
    description: 'in recognition of outstanding achievement and distinguished merit.',
    ink: '#5a1f2b',
    metal: GOLD,
    seal: true,
  },
  relieving: {
    title: 'Relieving Certificate',
    preamble: 'This is to certify that',
    description:
      'has been relieved of all duties with effect from the date below, all dues having been cleared.',
    ink: '#1f3d2e',
    metal: '#8f7a45',
    seal: false,
  },
  bonafide: {
    title: 'Bonafide Certificate',
    preamble: 'This is to certify that',
    description: 'is a bona fide student of this institution for the current academic year.',
    ink: NAVY,
    metal: '#8f7a45',
    seal: false,
  },
  medal: {
    title: 'Medal of Excellence',
    preamble: 'This medal is conferred upon',
    description: 'for securing the highest distinction in the examinations of the University.',
    ink: '#4a1a22',
    metal: '#b08a2e',
    seal: true,
  },
  transcript: {
    title: 'Academic Transcript',
    preamble: 'Official academic record of',
    description: 'The grades and credits of the programme are recorded on the verifiable credential.',
    ink: '#22313f',
    metal: '#7d6b47',
    seal: false,
  },
  semesterwisegradecard: {
    title: 'Semester Grade Card',
    preamble: 'Statement of grades awarded to',
    description: 'for the semester shown below, as declared by the Controller of Examinations.',
    ink: '#1c3552',
    metal: '#7d6b47',
    seal: false,
  },
  or: {
    title: 'Official Record',
    preamble: 'This record is issued in the name of',
    description: 'as entered in the official records of the institution.',
    ink: '#2b2b33',
    metal: '#857250',
    seal: false,
  },
};

export const PRINTABLE_TYPES = Object.keys(KINDS) as PrintableType[];
