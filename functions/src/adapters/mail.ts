import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from './aws-ses';
import { functionConfig } from './function-config';

export interface OutgoingMail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  cc?: string[];
  /** Images the HTML shows as `cid:<contentId>` (mail clients show these, unlike data: URLs or inline SVG). */
  inline?: { filename: string; contentType: string; contentId: string; content: Uint8Array }[];
  /**
   * SES message tags (e.g. the engagement token): they come back in the mail's delivery, bounce
   * and complaint events, which the configuration set publishes.
   */
  tags?: Record<string, string>;
}

/** Sends through SES (the local SES server on one machine, whose inbox page shows the mail). */
export const sendMail = async (mail: OutgoingMail): Promise<void> => {
  const tags = Object.entries(mail.tags ?? {});
  // Only tracked mails go through the configuration set: their events are the ones counted.
  const configurationSet = tags.length ? functionConfig().mailConfigurationSet : undefined;
  await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: functionConfig().mailFrom,
      ...(tags.length ? { EmailTags: tags.map(([Name, Value]) => ({ Name, Value })) } : {}),
      ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
      Destination: { ToAddresses: mail.to, CcAddresses: mail.cc },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: mail.html, Charset: 'UTF-8' }, Text: { Data: mail.text, Charset: 'UTF-8' } },
          Attachments: mail.inline?.map((a) => ({
            FileName: a.filename,
            RawContent: a.content,
            ContentType: a.contentType,
            ContentDisposition: 'INLINE',
            ContentId: a.contentId,
          })),
        },
      },
    }),
  );
};
