import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  asciiFallback,
  attachmentDisposition,
  encodeRfc5987,
  safeFileName,
  sendAttachment,
} from './content-disposition';

describe('attachmentDisposition', () => {
  it('names a Ukrainian file with an ASCII fallback and the RFC 5987 UTF-8 name', () => {
    const header = attachmentDisposition('Титульна сторінка — УЗД (січень).pdf');
    expect(header).toBe(
      'attachment; filename="Tytulna storinka - UZD (sichen).pdf"; ' +
        "filename*=UTF-8''%D0%A2%D0%B8%D1%82%D1%83%D0%BB%D1%8C%D0%BD%D0%B0%20%D1%81%D1%82%D0%BE%D1%80%D1%96%D0%BD%D0%BA%D0%B0%20%E2%80%94%20%D0%A3%D0%97%D0%94%20%28%D1%81%D1%96%D1%87%D0%B5%D0%BD%D1%8C%29.pdf",
    );
    const encoded = /filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe('Титульна сторінка — УЗД (січень).pdf');
  });

  it('keeps quotes, slashes and control characters out of both names', () => {
    const header = attachmentDisposition('Звіт "А"/../\r\nSet-Cookie: x.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    const fallback = /filename="([^"]*)"/.exec(header)?.[1];
    expect(fallback).toBe('Zvit _A_.._Set-Cookie_ x.pdf');
    expect(header).not.toContain('/');
  });
});

describe('file name parts', () => {
  it('bounds the name and keeps its extension', () => {
    const name = safeFileName(`${'я'.repeat(500)}.pdf`);
    expect(name.endsWith('.pdf')).toBe(true);
    expect([...name].length).toBe(124);
  });

  it('cuts a long name after a whole word with «…», never mid-word (issue 33)', () => {
    const words = 'Калькуляція собівартості платної медичної послуги'.split(' ');
    const long = Array.from({ length: 12 }, (_, index) => words[index % words.length]).join(' ');
    const name = safeFileName(`Калькуляції — ${long}.xlsx`);
    expect(name).toMatch(/ (Калькуляція|собівартості|платної|медичної|послуги)…\.xlsx$/u);
    expect([...name.replace(/\.xlsx$/u, '')].length).toBeLessThanOrEqual(120);
  });

  it('transliterates capitals and drops what has no ASCII form', () => {
    expect(asciiFallback('Їжак Щука Ґудзик ЄДРПОУ 😀.pdf')).toBe(
      'Izhak Shchuka Gudzyk IeDRPOU.pdf',
    );
    expect(asciiFallback('漢字.pdf')).toBe('document.pdf');
  });

  it('encodes what RFC 5987 does not allow bare, apostrophes and brackets included', () => {
    expect(encodeRfc5987("О'Хара (1)*!")).toBe('%D0%9E%27%D0%A5%D0%B0%D1%80%D0%B0%20%281%29%2A%21');
  });
});

describe('sendAttachment', () => {
  it('sends bytes and a stream as an uncached download under their Ukrainian name', async () => {
    const app = Fastify();
    app.get('/bytes', (_request, reply) =>
      sendAttachment(reply, {
        fileName: 'Звіт.xlsx',
        contentType: 'application/x-test',
        body: Buffer.from('abc'),
      }),
    );
    app.get('/stream', (_request, reply) =>
      sendAttachment(reply, {
        fileName: 'Копія.bin',
        contentType: 'application/octet-stream',
        body: Readable.from([Buffer.from('de'), Buffer.from('f')]),
        size: 3,
      }),
    );
    const bytes = await app.inject({ url: '/bytes' });
    expect(bytes.headers['content-type']).toBe('application/x-test');
    expect(bytes.headers['content-disposition']).toBe(attachmentDisposition('Звіт.xlsx'));
    expect(bytes.headers['cache-control']).toBe('no-store');
    expect(bytes.body).toBe('abc');
    const stream = await app.inject({ url: '/stream' });
    expect(stream.headers['content-disposition']).toBe(attachmentDisposition('Копія.bin'));
    expect(stream.headers['content-length']).toBe('3');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.body).toBe('def');
    await app.close();
  });
});
