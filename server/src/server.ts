/**
 * Language server entry. `node dist/server.js --stdio` for any LSP editor; the VS Code client
 * starts it over IPC (`--node-ipc`). createConnection picks the transport from the arguments.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './lsp/startServer';

startServer(createConnection(ProposedFeatures.all));
