import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Upper- and lower-case Cyrillic letters (Ukrainian, plus the Russian and Belarusian ones that turn up in
 * material names), folded by `translate` before `lower`. Note: PostgreSQL's `lower()`/`ILIKE` fold only ASCII
 * when the database's LC_CTYPE is `C`; PGlite and clusters made with a UTF-8 locale fold Cyrillic too. Folding
 * the letters ourselves makes search, duplicate checks and the unique indexes built on this expression behave the
 * same on every database (spec §7 search, "case-insensitive, Ukrainian letters included").
 */
const UPPER_CYRILLIC = 'АБВГҐДЕЄЁЖЗИІЇЙКЛМНОПРСТУЎФХЦЧШЩЪЫЬЭЮЯ';
const LOWER_CYRILLIC = 'абвгґдеєёжзиіїйклмнопрстуўфхцчшщъыьэюя';

/**
 * `value` case-folded (ASCII and Cyrillic) in SQL, whatever the database locale. Immutable (only `translate` and
 * `lower` with constant arguments), so an index can be built on it; the letters are inlined, not parameters.
 */
export function foldCase(value: AnyColumn | SQL): SQL {
  return sql`lower(translate(${value}, ${sql.raw(`'${UPPER_CYRILLIC}'`)}, ${sql.raw(`'${LOWER_CYRILLIC}'`)}))`;
}
