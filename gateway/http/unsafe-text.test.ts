import { describe, expect, it } from "vitest";
import { BAD_ENCODING_MESSAGE, findUnsafeFormFields, findUnsafeJsonFields, findUnsafePathSegments, isUnsafeText, UNSAFE_TEXT_MESSAGE } from "./unsafe-text.js";

describe("isUnsafeText", () => {
  it("refuses NUL and unpaired surrogates anywhere in the text", () => {
    for (const text of ["\0", "a\0b", "\ud800", "x\udbff", "\udc00y", "\ude00\ud83d", "😀\ud800"]) expect(isUnsafeText(text), JSON.stringify(text)).toBe(true);
  });

  it("passes other control characters, surrogate pairs and U+FFFD", () => {
    for (const text of ["", "plain", "\u0001\t\n", "😀", "\ud83d\ude00\ud83d\ude00", "\ufffd", "é"]) expect(isUnsafeText(text), JSON.stringify(text)).toBe(false);
  });
});

describe("findUnsafeJsonFields", () => {
  it("names each unsafe value and key by its path", () => {
    const value = JSON.parse('{"name":"ok","actions":[{"config":{"url":"https://x/\\u0000"}},{"config":{"a b":"\\ud800"}}],"data":{"k\\u0000":1}}');
    expect(findUnsafeJsonFields(value).map((found) => found.field)).toEqual(["actions[0].config.url", 'actions[1].config["a b"]', 'data["k\\u0000"]']);
    expect(findUnsafeJsonFields(value)[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it("names a bare string (root) and an array element by index, and finds nothing in safe values", () => {
    expect(findUnsafeJsonFields("\udc00")).toEqual([{ field: "(root)", message: UNSAFE_TEXT_MESSAGE }]);
    expect(findUnsafeJsonFields(["a", ["b", "\0"]]).map((found) => found.field)).toEqual(["[1][1]"]);
    expect(findUnsafeJsonFields({ a: [1, null, true, "😀"], b: { c: "\u0001" } })).toEqual([]);
  });

  it("names at most ten fields", () => {
    expect(findUnsafeJsonFields(Array.from({ length: 50 }, () => "\0"))).toHaveLength(10);
  });
});

describe("findUnsafeFormFields", () => {
  it("refuses encoded NUL and encodings that are not UTF-8, naming the decoded field", () => {
    const found = findUnsafeFormFields("ok=1&name=a%00&q=%ED%A0%80&r=%C0%80&s=50%&t=%zz&u=%F0%9F%98%80&v=caf%C3%A9", "query.");
    expect(found).toEqual([
      { field: "query.name", message: UNSAFE_TEXT_MESSAGE },
      { field: "query.q", message: BAD_ENCODING_MESSAGE },
      { field: "query.r", message: BAD_ENCODING_MESSAGE },
      { field: "query.s", message: BAD_ENCODING_MESSAGE },
      { field: "query.t", message: BAD_ENCODING_MESSAGE },
    ]);
  });

  it("shows a name that is itself unsafe as it was sent, and refuses a raw NUL in a form body", () => {
    expect(findUnsafeFormFields("a%00b=1", "query.")).toEqual([{ field: "query.a%00b", message: UNSAFE_TEXT_MESSAGE }]);
    expect(findUnsafeFormFields("method=card&note=x\0y", "")).toEqual([{ field: "note", message: UNSAFE_TEXT_MESSAGE }]);
    expect(findUnsafeFormFields("a+b=c+d&e=%2B", "")).toEqual([]);
  });
});

describe("findUnsafePathSegments", () => {
  it("gives the index of each segment that does not decode to safe text", () => {
    expect(findUnsafePathSegments("/v1/workflows/wf_%00/execute")).toEqual([{ index: 2, message: UNSAFE_TEXT_MESSAGE }]);
    expect(findUnsafePathSegments("/hooks/a%ED%A0%80b/x%")).toEqual([
      { index: 1, message: BAD_ENCODING_MESSAGE },
      { index: 2, message: BAD_ENCODING_MESSAGE },
    ]);
    expect(findUnsafePathSegments("/v1/streams/caf%C3%A9/a%2Fb")).toEqual([]);
  });
});
