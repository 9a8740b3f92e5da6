"""The commit subjects' check: the length and the area prefix, as make lint runs it."""

from tools.subjects import problems


def test_a_subject_with_an_area_and_72_characters_passes():
    assert problems(["review: " + "x" * 64]) == []
    assert problems(["engine, brains: a move's notation sits with the rules"]) == []


def test_a_long_subject_or_one_without_an_area_is_named():
    long, bare = "review: " + "x" * 65, "Make the review faster"
    said = problems([long, bare])
    assert said == [f"73 characters (at most 72): {long}", f"no area prefix (such as `review: `): {bare}"]


def test_an_area_is_lower_case_and_followed_by_words():
    assert problems(["Review: faster", "review:faster", "review: "]) != []
    assert len(problems(["Review: faster", "review:faster", "review: "])) == 3
