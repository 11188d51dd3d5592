import { articleEditorJourneys } from "./article-editor.ts";

// The article editor on a laptop's screen (the journeys: article-editor.ts).
articleEditorJourneys(1366);
