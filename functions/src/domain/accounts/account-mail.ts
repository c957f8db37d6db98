import type { OutgoingMail } from '../../adapters/mail';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const layout = (title: string, paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto">` +
  `<h2 style="color:#1d4ed8">${escapeHtml(title)}</h2>${paragraphs.map((p) => `<p>${p}</p>`).join('')}` +
  `<p style="color:#6b7280;font-size:12px">Proofmark — verifiable credentials</p></body></html>`;

const codeBlock = (code: string) =>
  `<span style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(code)}</span>`;

export const confirmationMail = (to: string, fname: string, code: string): OutgoingMail => ({
  to: [to],
  subject: 'Confirm your Proofmark account',
  html: layout('Confirm your email', [
    `Hello ${escapeHtml(fname)},`,
    'Enter this code in Proofmark to confirm your email address. It is valid for 30 minutes.',
    codeBlock(code),
  ]),
  text: `Hello ${fname},\n\nYour Proofmark confirmation code is ${code}. It is valid for 30 minutes.\n`,
});

export const resetMail = (to: string, code: string): OutgoingMail => ({
  to: [to],
  subject: 'Reset your Proofmark password',
  html: layout('Reset your password', [
    'Enter this code in Proofmark to choose a new password. It is valid for 30 minutes.',
    codeBlock(code),
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ]),
  text: `Your Proofmark password reset code is ${code}. It is valid for 30 minutes.\nIf you did not ask for this, ignore this email.\n`,
});

/** The validity sentence of a set-password mail. */
const linkValidity = 'The link works once and for 72 hours.';

export const teamInvitationMail = (input: {
  to: string;
  fname: string;
  orgName: string;
  inviter: string;
  setPasswordUrl: string;
}): OutgoingMail => ({
  to: [input.to],
  subject: `${input.orgName} invited you to Proofmark`,
  html: layout(`Welcome to ${input.orgName} on Proofmark`, [
    `Hello ${escapeHtml(input.fname)},`,
    `${escapeHtml(input.inviter)} added you to the ${escapeHtml(input.orgName)} team on Proofmark.`,
    `Choose your password here, then sign in with your email: <a href="${escapeHtml(input.setPasswordUrl)}">${escapeHtml(input.setPasswordUrl)}</a>`,
    linkValidity,
  ]),
  text:
    `Hello ${input.fname},\n\n${input.inviter} added you to the ${input.orgName} team on Proofmark.\n` +
    `Choose your password here, then sign in with your email: ${input.setPasswordUrl}\n${linkValidity}\n`,
});

export const adminResetMail = (input: { to: string; fname: string; orgName: string; setPasswordUrl: string }): OutgoingMail => ({
  to: [input.to],
  subject: 'Choose a new Proofmark password',
  html: layout('Choose a new password', [
    `Hello ${escapeHtml(input.fname)},`,
    `Your ${escapeHtml(input.orgName)} administrator reset your Proofmark password and signed you out. Choose a new one here: <a href="${escapeHtml(input.setPasswordUrl)}">${escapeHtml(input.setPasswordUrl)}</a>`,
    linkValidity,
  ]),
  text:
    `Hello ${input.fname},\n\nYour ${input.orgName} administrator reset your Proofmark password and signed you out.\n` +
    `Choose a new one here: ${input.setPasswordUrl}\n${linkValidity}\n`,
});
