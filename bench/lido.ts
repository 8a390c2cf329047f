// The LIDO export at size: 10,000 generated artworks (bench/artworks.ts `generate`) written as one LIDO 1.1 file
// by the export's own stream (standards/lido.ts `lidoStream`, 50 artworks a read), past the API's 500 a file,
// and the process's resident memory sampled through it: it streams, so the memory stays flat however many
// records are written. BENCH_LIDO_ARTWORKS=20000 npm run bench -- lido   (default 10000).
import { boot } from '../src/server/boot'
import { loadConfig } from '../src/server/config'
import { lidoStream } from '../src/server/modules/standards/lido'
import { generate } from './artworks'
import { measured } from './exports'
import { benchDatabase, kinds } from './lib'

const COUNT = Number(process.env.BENCH_LIDO_ARTWORKS ?? 10_000)
const MB = 1024 * 1024

export async function benchLido(): Promise<void> {
  for (const kind of kinds().filter((k) => !process.env.BENCH_DRIVER || k === process.env.BENCH_DRIVER)) {
    const source = await benchDatabase(kind)
    try {
      const config = loadConfig({
        DATA_DIR: source.dataDir,
        VITRINE_ADMIN_PASSWORD: 'Bench-password-1',
        VITRINE_DEMO: '0',
      })
      const booted = await boot(config, { database: source.database })
      console.log(`\n## LIDO export on ${source.label} (${COUNT} artworks, one file)`)
      await generate(source.database, COUNT)
      const ids = (
        (await source.database.raw('select id from artworks order by inventory_no')) as { id: string }[]
      ).map((r) => r.id)
      // sampled at every batch written as well as by the timer: the embedded database's reads can hold the
      // event loop for the whole run, and a timer alone then sees nothing
      const rss: number[] = []
      const run = await measured(async () => {
        let bytes = 0
        let records = 0
        const reader = lidoStream(source.database.db, ids, {
          publicUrl: 'https://vitrine.example',
          sourceName: 'Vitrine',
        }).getReader()
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          bytes += value.length
          records += new TextDecoder().decode(value).split('<lido:lidoRecID').length - 1
          rss.push(process.memoryUsage().rss)
        }
        return { bytes, records }
      })
      const tenths = Array.from({ length: 10 }, (_, i) =>
        Math.max(...rss.slice(Math.floor((rss.length * i) / 10), Math.floor((rss.length * (i + 1)) / 10))),
      )
        .map((b) => (b / MB).toFixed(0))
        .join(' → ')
      console.log(
        `LIDO export: ${run.result.records} records, ${(run.result.bytes / MB).toFixed(1)} MB, in ${run.secs.toFixed(1)} s ` +
          `(${((run.result.records / run.secs) | 0).toLocaleString('en')} records/s); RSS ${run.before.toFixed(0)} MB before, ` +
          `peak ${(Math.max(run.peak, ...rss) / MB).toFixed(0)} MB; RSS by tenths of the batches (MB): ${tenths}`,
      )
      await booted.close().catch(() => undefined)
    } finally {
      await source.dispose().catch(() => undefined)
    }
  }
}
