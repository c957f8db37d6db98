import { describe, expect, it } from 'vitest';
import { accountMessages, addUserFieldMessages } from '@proofmark/shared/accounts/messages';
import { addTeamUserRequest } from '@proofmark/shared/contract/team';
import { changePasswordRequest, firstPasswordRequest, registerRequest, setPasswordRequest } from '@proofmark/shared/contract/auth';
import { firstProblem, formValues, issuesByField } from './schemaIssues';

const addUserFields = ['firstname', 'lastname', 'email', 'job_title'] as const;

describe('formValues', () => {
  it('turns untouched fields into empty strings and keeps the rest', () => {
    expect(formValues({ a: 'x', b: null }, ['a', 'b', 'c'])).toEqual({ a: 'x', b: '', c: '' });
  });
});

describe('issuesByField with the shared schemas', () => {
  it('gives each empty Add user field its own message, in the spec order', () => {
    const issues = issuesByField(addTeamUserRequest, formValues({}, addUserFields));
    expect([...issues.keys()]).toEqual([...addUserFields]);
    for (const field of addUserFields) expect(issues.get(field)).toEqual([addUserFieldMessages[field]]);
    expect(firstProblem(addTeamUserRequest, {}, addUserFields)).toEqual({ field: 'firstname', message: addUserFieldMessages.firstname });
  });

  it('reports a set-password confirmation that differs on the confirmation field', () => {
    const values = { token: 'abc', newpassword: 'long enough 1', confirmpassword: 'long enough 2' };
    expect(issuesByField(setPasswordRequest, values).get('confirmpassword')).toEqual([accountMessages.newAndConfirmDiffer]);
    expect(issuesByField(setPasswordRequest, { ...values, confirmpassword: values.newpassword }).size).toBe(0);
    expect(issuesByField(setPasswordRequest, { ...values, token: 'x'.repeat(129) }).get('token')).toEqual([
      accountMessages.setPasswordLinkInvalid,
    ]);
  });

  it('orders the first-login messages as the spec does', () => {
    const fields = ['newpassword', 'confirmpassword'];
    expect(firstProblem(firstPasswordRequest, {}, fields)?.message).toBe(accountMessages.inputNewPassword);
    expect(firstProblem(firstPasswordRequest, { newpassword: 'abcdefgh' }, fields)?.message).toBe(accountMessages.inputConfirmPassword);
    expect(firstProblem(firstPasswordRequest, { newpassword: 'abcdefgh', confirmpassword: 'abcdefgi' }, fields)?.message).toBe(
      accountMessages.newAndConfirmDiffer,
    );
  });

  it("says 'Please enter all fields' for each empty settings field", () => {
    const issues = issuesByField(changePasswordRequest, formValues({ NewPassword: 'abcdefgh' }, ['OldPassword', 'NewPassword', 'ConfirmPassword']));
    expect(issues.get('OldPassword')).toEqual([accountMessages.allFieldsRequired]);
    // The form shows the first message of a field: "missing" before "does not match".
    expect(issues.get('ConfirmPassword')?.[0]).toBe(accountMessages.allFieldsRequired);
    expect(issues.has('NewPassword')).toBe(false);
  });

  it("uses the registration schema's own words for empty selects, not zod's", () => {
    const issues = issuesByField(registerRequest, formValues({}, ['Graduates_Members', 'Job_Title', 'How_did_you_find_us']));
    expect(issues.get('Graduates_Members')).toEqual(['Please select graduates per year.']);
    expect(issues.get('Job_Title')).toEqual(['Please select your job title.']);
    expect(issues.get('How_did_you_find_us')).toEqual(['Please select how you found us.']);
  });
});
