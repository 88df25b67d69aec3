// What other features show of assessments: the signed-in user's open assessments.
export { OpenAssessments } from './list/open-assessments.tsx';
