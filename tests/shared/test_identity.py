"""Who a session is signed in as: kept by the accounts feature, read by any."""

from webapp.shared.identity import SESSION_PART, SignedIn, forget_signed_in, keep_signed_in, signed_in


def test_a_session_signed_in_says_its_account_and_forgets_it_on_sign_out():
    session: dict = {}
    assert signed_in(session) is None
    keep_signed_in(session, 7, "ada")
    assert signed_in(session) == SignedIn(7, "ada")
    forget_signed_in(session)
    assert signed_in(session) is None and SESSION_PART not in session


def test_a_part_not_of_the_shape_written_is_anonymous():
    for kept in ({"id": "7", "name": "ada"}, {"id": 7}, {"name": "ada"}, "ada", None):
        assert signed_in({SESSION_PART: kept}) is None


def test_a_session_that_made_its_account_says_so_and_one_of_before_the_mark_reads_as_signed_in_only():
    """signed_up tells play to carry this browser's games into the new account (webapp.play.kept)."""
    session: dict = {}
    keep_signed_in(session, 7, "ada", signed_up=True)
    assert signed_in(session) == SignedIn(7, "ada", signed_up=True)
    keep_signed_in(session, 7, "ada")
    assert signed_in(session) == SignedIn(7, "ada", signed_up=False)
    for mark in (None, "yes", 1):  # kept before the mark was, or not of its shape: not signed up here
        assert signed_in({SESSION_PART: {"id": 7, "name": "ada", "signed_up": mark}}) == SignedIn(7, "ada")
    assert signed_in({SESSION_PART: {"id": 7, "name": "ada"}}).signed_up is False
