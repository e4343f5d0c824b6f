import { benchImportMemory } from '../bench/import-memory';
for (const line of await benchImportMemory()) console.log(line);
