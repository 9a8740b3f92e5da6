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
