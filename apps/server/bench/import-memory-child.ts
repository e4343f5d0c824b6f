import { readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { readSpreadsheet } from '../src/modules/imports/spreadsheet-file';

/*
 * One upload read in a fresh process (bench/import-memory.ts starts it once per file): prints the peak resident
 * memory the reading added to the process, the heap's peak (sampled from a timer while the reading yields, and
 * after it), the time and the answer. The modules are loaded and warmed up first, so what is left is the file's.
 */
const [file = '', fileName = ''] = process.argv.slice(2);
await readSpreadsheet(Buffer.from('Назва\nмл\n'), 'warm.csv');
const buffer = readFileSync(file);
const before = process.resourceUsage().maxRSS;
const heapBefore = getHeapStatistics().used_heap_size;
let heapPeak = heapBefore;
const sample = setInterval(() => {
  heapPeak = Math.max(heapPeak, getHeapStatistics().used_heap_size);
}, 5);
const started = performance.now();
let answer: string;
try {
  answer = `${(await readSpreadsheet(buffer, fileName)).rows.length} rows`;
} catch (error) {
  answer = (error as Error).message;
}
const ms = performance.now() - started;
heapPeak = Math.max(heapPeak, getHeapStatistics().used_heap_size);
clearInterval(sample);
process.stdout.write(
  JSON.stringify({
    ms: Math.round(ms),
    rssMb: Math.round((process.resourceUsage().maxRSS - before) / 1024),
    heapMb: Math.round((heapPeak - heapBefore) / 1024 / 1024),
    answer,
  }),
);
