/**
 * Simplified Chinese templates, by message id. Each area of the scoreboard keeps its own file
 * beside this one, so the people working on different elements never edit the same file.
 */
import { templates as common } from './zh-Hans/common.js';
import { templates as roads } from './zh-Hans/roads.js';
import { templates as panels } from './zh-Hans/panels.js';
import { templates as scoreboard } from './zh-Hans/scoreboard.js';
import { templates as history } from './zh-Hans/history.js';
import { templates as operator } from './zh-Hans/operator.js';
import { templates as storage } from './zh-Hans/storage.js';
import { templates as consoleMessages } from './zh-Hans/console.js';
import { templates as importRefusals } from './zh-Hans/import.js';
import { templates as names } from './zh-Hans/names.js';
import { templates as lobby } from './zh-Hans/lobby.js';
import { templates as evidence } from './zh-Hans/evidence.js';
import { templates as reports } from './zh-Hans/reports.js';

export const templates = {
  ...common,
  ...roads,
  ...panels,
  ...scoreboard,
  ...history,
  ...operator,
  ...storage,
  ...consoleMessages,
  ...importRefusals,
  ...names,
  ...lobby,
  ...evidence,
  ...reports,
};
