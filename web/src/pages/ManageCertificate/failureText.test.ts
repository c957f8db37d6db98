import { describe, expect, it } from 'vitest';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { ApiError } from '../../api/client';
import {
  generateFailureText,
  isInsufficientBalance,
  issueFailureText,
  previewFailureText,
  zipFailureText,
} from './failureText';

describe('issueFailureText (§8)', () => {
  it('asks to generate first when a generated file is missing', () => {
    expect(issueFailureText("ENOENT: No such file or directory, open '/x.json'")).toBe(
      'Please generate certificates firstly',
    );
  });

  it('says the balance is not sufficient for chain funding failures', () => {
    expect(issueFailureText('InsufficientFundsError: not enough')).toBe('The balance is not sufficient');
    expect(issueFailureText('Broadcasting failed with 500')).toBe(m.balanceNotSufficient);
  });

  it('keeps any other message', () => {
    expect(issueFailureText(m.wrongCredentials)).toBe(m.wrongCredentials);
    expect(issueFailureText(m.selectCorrectItems)).toBe(m.selectCorrectItems);
  });
});

describe('generateFailureText (§8)', () => {
  it('turns a missing file into the check-your-selection message', () => {
    expect(generateFailureText('No such file or directory.')).toBe('Please check selected items again.');
  });

  it('keeps our own messages', () => {
    expect(generateFailureText(m.someInvitePending)).toBe(m.someInvitePending);
  });
});

describe('previewFailureText (§8)', () => {
  it('says there are no generated certificates for the legacy read failures', () => {
    expect(previewFailureText(new ApiError('Cannot read property displayHtml of null', 'bad_request', 400, undefined, undefined))).toBe(
      'There is no generated certificates',
    );
    expect(previewFailureText(new ApiError('Unexpected end of JSON input', 'bad_request', 400, undefined, undefined))).toBe(
      m.noGeneratedCertificates,
    );
  });

  it('says the same for a network failure or a server fault', () => {
    expect(previewFailureText(new TypeError('Failed to fetch'))).toBe(m.noGeneratedCertificates);
    expect(previewFailureText(new ApiError('Internal error', 'internal', 500, undefined, undefined))).toBe(m.noGeneratedCertificates);
  });

  it("keeps the server's own refusal", () => {
    expect(previewFailureText(new ApiError(m.noSelectedStudents, 'bad_request', 400, undefined, undefined))).toBe(m.noSelectedStudents);
  });
});

describe('zipFailureText (§8)', () => {
  it("uses the server's message, else the spec's fallback", () => {
    expect(zipFailureText(new ApiError(m.zipCap(250), 'bad_request', 400, undefined, undefined))).toBe('Please select up to 250 of students.');
    expect(zipFailureText(new TypeError('Failed to fetch'))).toBe('Downloading preview files is failed.');
  });
});

describe('isInsufficientBalance', () => {
  it('recognises the low-balance answer only', () => {
    expect(isInsufficientBalance(m.insufficientBalance)).toBe(true);
    expect(isInsufficientBalance(m.balanceNotSufficient)).toBe(false);
  });
});
