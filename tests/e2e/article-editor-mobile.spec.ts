import { articleEditorJourneys } from "./article-editor.ts";

// The article editor on a phone 390 px wide (the journeys: article-editor.ts).
articleEditorJourneys(390);
