import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';

function lazyNamed<T extends Record<string, unknown>, K extends keyof T>(load: () => Promise<T>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const loadList = () => import('./list/assessments-page.tsx');
const AssessmentsPage = lazyNamed(loadList, 'AssessmentsPage');
const NewAssessmentPage = lazyNamed(loadList, 'NewAssessmentPage');
const TakeAssessmentPage = lazyNamed(() => import('./take/take-assessment-page.tsx'), 'TakeAssessmentPage');
const AssessmentResultPage = lazyNamed(() => import('./take/assessment-result-page.tsx'), 'AssessmentResultPage');
const loadManager = () => import('./manager/assessment-manager-page.tsx');
const AssessmentManagerPage = lazyNamed(loadManager, 'AssessmentManagerPage');
const TemplateEditorPage = lazyNamed(() => import('./editor/template-editor-page.tsx'), 'TemplateEditorPage');

/** The routes below /assessments/: the book's list (and the assign quick action), taking one, reading one. */
export const assessmentRoutes: RouteObject[] = [
  { index: true, element: <AssessmentsPage /> },
  { path: 'new', element: <NewAssessmentPage /> },
  { path: ':assessmentId/take', element: <TakeAssessmentPage /> },
  { path: ':assessmentId', element: <AssessmentResultPage /> },
];

/** The routes below /assessment-manager/: the templates (one chosen by id), a new one, editing one. */
export const assessmentManagerRoutes: RouteObject[] = [
  { index: true, element: <AssessmentManagerPage /> },
  { path: 'new', element: <TemplateEditorPage /> },
  { path: ':templateId', element: <AssessmentManagerPage /> },
  { path: ':templateId/edit', element: <TemplateEditorPage /> },
];

/** /assessments/*: each screen its own chunk; the app router loads only this module. */
export function AssessmentRoutes() {
  return useRoutes(assessmentRoutes);
}

/** /assessment-manager/*: the templates and their editor, from the same small module. */
export function AssessmentManagerRoutes() {
  return useRoutes(assessmentManagerRoutes);
}
