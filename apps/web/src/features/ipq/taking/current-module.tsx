import type { IpqSession } from '@meridian/domain/ipq/contracts';
import { ipqModuleAt } from '@meridian/domain/ipq/module-list';
import { ipqTexts as text } from '../ipq-texts.ts';
import { AssetAllocationFields } from './fields/asset-allocation-fields.tsx';
import { BeliefsFields } from './fields/beliefs-fields.tsx';
import { DemographicsFields } from './fields/demographics-fields.tsx';
import { ModuleFrame } from './module-frame.tsx';
import { PersonalityFields } from './fields/personality-fields.tsx';

const views = {
  personality: { intro: text.personalityIntro, fields: <PersonalityFields /> },
  beliefs: { intro: text.beliefsIntro, fields: <BeliefsFields /> },
  asset_allocation: { intro: text.allocationIntro, fields: <AssetAllocationFields /> },
  demographics: { intro: text.demographicsIntro, fields: <DemographicsFields /> },
} as const;

type Props = {
  moduleNumber: number;
  onSaved: (session: IpqSession) => void;
  onBack: () => void;
  /** Moved here from another module: the heading takes the focus. */
  focusHeading: boolean;
};

/** The module shown, 1-4, as its form. */
export function CurrentModule({ moduleNumber, onSaved, onBack, focusHeading }: Props) {
  const module = ipqModuleAt(moduleNumber) ?? 'personality';
  const view = views[module];
  return (
    <ModuleFrame
      module={module}
      intro={view.intro}
      onSaved={onSaved}
      onBack={moduleNumber > 1 ? onBack : undefined}
      focusHeading={focusHeading}
    >
      {view.fields}
    </ModuleFrame>
  );
}
