/** `npm run bench:diff`: only the rendered-config comparison of the benchmark (quick to rerun). */
import { measureDiff } from './measure/diff';

const r = measureDiff();
console.log(`${r.header}\n\n${r.table}`);
