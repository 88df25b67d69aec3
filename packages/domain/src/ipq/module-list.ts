/** The questionnaire's four modules, each a quarter of the progress; kept apart from the items so the app shell loads no question text. */

export const ipqModules = ['personality', 'beliefs', 'asset_allocation', 'demographics'] as const;
export type IpqModule = (typeof ipqModules)[number];
export const ipqModuleCount = ipqModules.length;

/** Module n (1-4) of the spec's API paths. */
export const ipqModuleNumber = (module: IpqModule) => ipqModules.indexOf(module) + 1;
export const ipqModuleAt = (moduleNumber: number): IpqModule | undefined => ipqModules[moduleNumber - 1];

export const ipqModuleLabels: Record<IpqModule, string> = {
  personality: 'Personality',
  beliefs: 'Beliefs',
  asset_allocation: 'Asset allocation',
  demographics: 'Demographics',
};

/** Progress is 25 % per completed module (spec). */
export const ipqProgress = (completed: number) => (Math.min(completed, ipqModuleCount) / ipqModuleCount) * 100;
