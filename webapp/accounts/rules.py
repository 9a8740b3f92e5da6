"""What a name and a password must be, and the words that say so.

A name is 3 to 20 ASCII letters, digits, "-" or "_": it goes in a link
(/@/<name>) as it is, and two names that differ only in case are the same
name (the store keys them by name_key). A password is at least
PASSWORD_LEAST characters, not the name, and not one of the commonest
(those a guesser tries first); the longest is bounded so that hashing one
costs a known amount.
"""

from __future__ import annotations

import re

NAME = re.compile(r"[A-Za-z0-9_-]{3,20}", re.ASCII)
NAME_RULE = "A name is 3 to 20 letters (a–z, A–Z), digits, “-” or “_”, with no spaces."
PASSWORD_LEAST = 10
PASSWORD_MOST = 256
PASSWORD_RULE = (f"A password is at least {PASSWORD_LEAST} characters, not your name, and not one of the "
                 "commonest passwords (such as “1234567890” or “password123”).")
COMMON_PASSWORDS = frozenset({
    "0123456789", "1234567890", "0987654321", "9876543210", "12345678910", "123456789a", "a123456789",
    "1111111111", "0000000000", "1q2w3e4r5t", "1qaz2wsx3edc", "qwertyuiop", "asdfghjkl;", "zxcvbnm123",
    "qwerty1234", "qwerty123456", "password12", "password123", "password1234", "passw0rd123", "iloveyou12",
    "iloveyou123", "abcdefghij", "abcd123456", "abc1234567", "aaaaaaaaaa", "letmein123", "welcome123",
    "football12", "monkey1234", "dragon1234", "sunshine12", "princess12", "1234512345", "1234554321",
    "1122334455", "qazwsxedcrfv", "trustno1234", "changeme123", "administrator",
})
"""The commonest passwords of at least PASSWORD_LEAST characters (as lists of leaked ones rank them), lowercased."""


def name_key(name: str) -> str:
    """The name as the store keys it: one account per name, whatever its case."""
    return name.lower()


def is_name(name: str) -> bool:
    return NAME.fullmatch(name) is not None


def password_problem(name: str, password: str) -> str | None:
    """What is wrong with password for an account called name, in words, with the rule; None: nothing."""
    if len(password) < PASSWORD_LEAST:
        return f"That password is too short. {PASSWORD_RULE}"
    if len(password) > PASSWORD_MOST:
        return f"That password is longer than {PASSWORD_MOST} characters, the most we take."
    if password.lower() == name.lower():
        return f"That password is your name. {PASSWORD_RULE}"
    if password.lower() in COMMON_PASSWORDS:
        return f"That password is one of the commonest, which guessers try first. {PASSWORD_RULE}"
    return None
