import DKIM from 'nodemailer/lib/dkim';

/*
 * DKIM signing of SMTP campaign mail (issue 26, decision 1020) with nodemailer's signer: rsa-sha256,
 * relaxed/relaxed, one signature by the sender domain's key. The signed headers are those RFC 8058 and
 * the filters care about.
 */

export interface DkimKey {
  domainName: string;
  keySelector: string;
  /** PEM, opened from its sealed form only when a transport is made. */
  privateKey: string;
}

export const DKIM_SIGNED_HEADERS = [
  'From',
  'To',
  'Subject',
  'Date',
  'Message-ID',
  'MIME-Version',
  'Content-Type',
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  // RFC 9477 §3.1: a CFBL-Address outside the signature is to be ignored (decision 1392).
  'CFBL-Address',
  'CFBL-Feedback-ID',
];

/** The message with a DKIM-Signature header in front. */
export async function signMime(raw: Buffer, key: DkimKey): Promise<Buffer> {
  const signer = new DKIM({ ...key, headerFieldNames: DKIM_SIGNED_HEADERS.join(':') });
  const chunks: Buffer[] = [];
  for await (const chunk of signer.sign(raw)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
