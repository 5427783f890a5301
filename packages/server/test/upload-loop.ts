import { loadEnv } from '../src/env.ts';
import { startContext } from '../src/bootstrap.ts';
import { serverRow, uploadConfig } from '../src/pmta/operations.ts';
import { generateDkim } from '../src/pmta/relay-operations.ts';
import { uploadPending } from '../src/features/pmta-configs/applied-pmta-configs.remote.ts';

/*
 * A second console process that uploads one PMTA server's configuration over and over (issue 22 §2): a plain
 * upload, a new DKIM key of another relay, the applied-config run, in turn, until it is sent SIGTERM. Run
 * with the test's DATABASE_URL, APP_SECRET and DATA_DIR (the console's SSH key), SERVER_ID and DKIM_RELAY_ID.
 * Prints `uploads N` after each one.
 */

const env = loadEnv({ ...process.env, ROLE: 'api', LOG_LEVEL: 'silent' });
const started = await startContext(env, process.env.DATABASE_URL!, { schedules: false });
const { ctx } = started;
const serverId = Number(process.env.SERVER_ID);
const dkimRelay = Number(process.env.DKIM_RELAY_ID);
let stop = false;
process.on('SIGTERM', () => (stop = true));
let n = 0;
while (!stop) {
  const step = n % 3;
  try {
    const server = await serverRow(ctx, serverId);
    if (step === 0) await uploadConfig(ctx, server);
    else if (step === 1) await generateDkim(ctx, dkimRelay);
    else {
      // The server's applied configs are due again (as after a config file's edit): the run uploads them.
      await ctx.db.$client.query('update applied_pmta_configs set version = 0 where pmta_server_id = $1', [serverId]);
      await uploadPending(ctx);
    }
  } catch (e) {
    process.stderr.write(`upload ${step} failed: ${(e as Error).message}\n`);
  }
  n++;
  process.stdout.write(`uploads ${n}\n`);
}
await started.stop();
process.exit(0);
