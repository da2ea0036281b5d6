/** Entry point of `npm run sim` (the same command as `tcplab sim`). */
import { simCommand } from './sim-command';

// exitCode rather than exit(): lets stdout drain when it is a pipe.
process.exitCode = await simCommand(process.argv.slice(2));
