import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One apostrophe in every Ukrainian text (issue 23 §3): the typographic ’ (U+2019), never the typewriter ' nor
 * the modifier letter ʼ (U+02BC) nor a backtick, so «Ім’я», «обов’язкове» and «зв’язку» read the same on every
 * screen, toast and document. The code of the three workspaces is scanned (comments too: they are copied into
 * messages often enough), not the tests, which also type what people type (the searches fold every apostrophe),
 * and not the reference data (`db/reference/*.json`, see its README: seeded rows searched on the server as typed).
 */

const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const SCANNED = ['apps/web/src', 'packages/domain/src', 'apps/server/src'];
const CYRILLIC = 'а-щьюяєіїґА-ЩЬЮЯЄІЇҐ';

/** A Ukrainian word with a wrong apostrophe inside it: `Ім'я`, `відʼємним`, `обов\`язкове`. */
const WRONG_APOSTROPHE = new RegExp(`[${CYRILLIC}]['\u02bc\`][${CYRILLIC}]`, 'u');

/** Every line of `text` with a wrong apostrophe, as `line: text`. */
function wrongApostrophes(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      WRONG_APOSTROPHE.test(line) ? [`${index + 1}: ${line.trim()}`] : [],
    );
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|css)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

describe('Ukrainian apostrophes', () => {
  it('finds each wrong apostrophe and lets the right one and quotes through', () => {
    expect(wrongApostrophes("label: \"Ім'я\",\nok: 'Ім’я'")).toEqual([`1: label: "Ім'я",`]);
    expect(wrongApostrophes('не може бути відʼємним')).toHaveLength(1);
    expect(wrongApostrophes('обов`язкове')).toHaveLength(1);
    // Quotes around a word and English contractions are not Ukrainian apostrophes.
    expect(wrongApostrophes("title: 'Розрахунок', it's 'Так'")).toEqual([]);
  });

  it.each(SCANNED)('%s writes every Ukrainian apostrophe as ’', (folder) => {
    const files = sourceFiles(folder);
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) =>
      wrongApostrophes(readFileSync(path.join(REPO_ROOT, file), 'utf8')).map(
        (line) => `${file}:${line}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
