// The games the client draws; a game without a module gets the generic list of moves.
import phase10 from './phase10.js';
import cmyk from './cmyk.js';
import toc from './toc.js';
import toquer from './toquer.js';
import { h } from '../dom.js';
import { t } from '../i18n.js';

const generic = {
  name: 'generic',
  render: () => h('div', { class: 'game generic' }, h('p', {}, t('common.noBoard'))),
  paths: () => [],
  keyLabel: (key) => key,
  describe: (event) => event.text || t('common.log.hidden'),
  scores: (view) => ({ columns: [], rows: (view.hand_sizes || []).map(() => []) }),
  prompt: () => t('common.pickFromList'),
  headline: () => '',
};

const modules = { phase10, cmyk, toc, toquer };

export function gameModule(name) {
  return modules[name] || generic;
}
