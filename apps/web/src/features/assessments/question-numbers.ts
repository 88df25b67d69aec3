/**
 * The number of each section's first question when questions are numbered 1, 2, 3… across the
 * sections: [3 questions, 2 questions] → [1, 4].
 */
export function firstQuestionNumbers(sections: ReadonlyArray<{ questions: readonly unknown[] }>): number[] {
  const firsts: number[] = [];
  let next = 1;
  for (const section of sections) {
    firsts.push(next);
    next += section.questions.length;
  }
  return firsts;
}
