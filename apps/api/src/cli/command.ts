/**
 * Any operator command by its name, from the sources: `tsx src/cli/command.ts refund --order 42`. The build makes
 * one entry per command instead (`node dist/cli/refund.js --order 42`, see build.mjs); both run `runCli`.
 */
import { runCli } from './commands/run-cli';

const [name = '', ...argv] = process.argv.slice(2);
runCli(name, argv).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
