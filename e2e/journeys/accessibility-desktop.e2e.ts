// Every screen at the desktop's width, each dialog and menu open, audited by axe (./every-screen.ts).
import { everyScreenAt } from './every-screen.ts';

everyScreenAt('desktop');
